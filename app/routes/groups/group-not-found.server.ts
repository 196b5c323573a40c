import type { RouteCallOptions } from '~/http/route-call.server'

/**
 * routeCall's options for a service call of a group screen. GROUP_NOT_FOUND (not a member nor an
 * admin of its organization, another organization's group, no such group) is the not-found page,
 * without breadcrumbs; nothing tells the group exists. STRONG_AUTH_REQUIRED (an admin who is not a
 * member, held back by the organization's two-step policy, docs/auth.md) is a redirect to set it
 * up, and back to the group.
 */
export const GROUP_SCREEN = { notFound: ['GROUP_NOT_FOUND'], stepUp: true } as const satisfies RouteCallOptions

/**
 * The toast of a refused change of a group screen's action (FORBIDDEN, IS_GROUP_OWNER,
 * MEMBER_NOT_FOUND, ORGANIZATION_INACTIVE, …, e.g. after a change in another tab): back to the
 * screen (`here`), in the group home's wording where it has one, else the catalogue's.
 */
export const groupRefusalToast = (here: string) => ({
  to: here,
  keys: { MEMBER_NOT_FOUND: 'groupHome.errors.MEMBER_NOT_FOUND', IS_GROUP_OWNER: 'groupHome.errors.IS_GROUP_OWNER' },
})
