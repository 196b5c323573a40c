/**
 * Screens that the header and menus of the specification link to but that are not built yet
 * (groups and the feed, the library, the profile: their own issues). Their links stay hidden, so
 * no page shows a dead end (tests/e2e/links.spec.ts crawls every signed-in page for one); the
 * issue that builds a screen turns its entry on.
 */
export const BUILT_SCREENS = {
  /** /groups, /groups/:id/home */
  groups: true,
  /** /create/group, /create/attendance-group */
  create: true,
  /** /library, /library/invitations/:id */
  library: true,
  /** /users/:id, /users/:id/preferences/account */
  profile: true,
} as const

/**
 * A path the product may send someone to, or null while its screen is not built yet (for targets
 * that come from data, such as where a redeemed invitation code leads).
 */
export function builtPath(path: string): string | null {
  if (path.startsWith('/groups')) return BUILT_SCREENS.groups ? path : null
  if (path.startsWith('/create/')) return BUILT_SCREENS.create ? path : null
  if (path.startsWith('/library')) return BUILT_SCREENS.library ? path : null
  if (path.startsWith('/users/')) return BUILT_SCREENS.profile ? path : null
  return path
}
