/**
 * The library's fixed lists and limits, apart from their zod schemas (packages.schemas.ts) so that
 * the screens that only need a list or a limit (the feed's filters, the wizard's counters) do not
 * bring zod into the browser (~12.6 kB gzip).
 */

export const PACKAGE_LIMITS = {
  name: 120,
  description: 5000,
  tags: 10,
  tag: 30,
  roles: 20,
  entities: 500,
  roleName: 120,
  roleDescription: 2000,
  entityTitle: 200,
  instructions: 10_000,
  /** Day offsets from the group's start: about ten years either way. */
  dayOffset: 3650,
  /**
   * Pending invitations of one package (the spec names no number; docs/library-screens.md): past
   * it an invitation is PACKAGE_LIMIT_EXCEEDED (`limit: 'pendingInvitations'`) until some are
   * answered or revoked.
   */
  pendingInvitations: 200,
} as const

export const PACKAGE_LANGUAGES = ['sv', 'en'] as const
/** The kinds of an entity (task); the screens translate them as `library.kinds.<kind>`. */
export const ENTITY_KINDS = ['task', 'reading', 'assignment', 'meeting', 'reflection'] as const
export type EntityKind = (typeof ENTITY_KINDS)[number]
export const COLLABORATOR_ACCESS = ['view', 'edit'] as const
/** Group roles a package role can be given in a group made from the package (the owner sees every task). */
export const TASK_GROUP_ROLES = ['leader', 'member', 'subscriber'] as const
export type TaskGroupRole = (typeof TASK_GROUP_ROLES)[number]

export const FEED_SORTS = ['updated', 'name', 'created'] as const
export type FeedSort = (typeof FEED_SORTS)[number]
export const FEED_SCOPES = ['all', 'mine', 'shared'] as const
export type FeedScope = (typeof FEED_SCOPES)[number]
