/**
 * Screens that the header and menus of the specification link to but that are not built yet
 * (groups and the feed, the library, the profile: their own issues). Their links stay hidden, so
 * no page shows a dead end (tests/e2e/links.spec.ts crawls every signed-in page for one); the
 * issue that builds a screen turns its entry on.
 */
export const BUILT_SCREENS = {
  /** /groups, /groups/:id/home, /create/group, /create/attendance-group */
  groups: false,
  /** /library, /library/invitations/:id */
  library: false,
  /** /users/:id, /users/:id/preferences/account */
  profile: false,
} as const
