import type { RouteCallOptions } from '~/http/route-call.server'

/**
 * routeCall's options for a service call of a profile screen: USER_NOT_FOUND (someone else's id,
 * or a user the actor shares nothing with) is the not-found screen.
 */
export const PROFILE_SCREEN = { notFound: ['USER_NOT_FOUND'] } as const satisfies RouteCallOptions
