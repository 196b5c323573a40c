import type { RouteCallOptions } from '~/http/route-call.server'

/**
 * routeCall's options for a service call of a library screen. A package (or user, or invitation)
 * the actor may not see is the not-found screen: never "forbidden", which would tell it exists.
 * A change of a library screen's action adds `toast: { to: here }`: a catalogue error the user
 * can act on (access denied, already shared, a link gone meanwhile…) goes back to the screen as
 * a toast; not-found stays the 404 screen.
 */
export const LIBRARY_SCREEN = {
  notFound: ['PACKAGE_NOT_FOUND', 'NOT_FOUND', 'PACKAGE_INVITATION_NOT_FOUND'],
} as const satisfies RouteCallOptions
