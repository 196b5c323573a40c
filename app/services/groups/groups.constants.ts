/**
 * The groups' fixed lists, apart from their zod schemas (groups.schemas.ts) so that the screens
 * that only need a list (filters, role selects) do not bring zod into the browser.
 */

/** The longest group name (groupNameField, and the rename field's maxLength). */
export const GROUP_NAME_MAX = 100

export const GROUP_KINDS = ['standard', 'attendance'] as const
/** Roles a member can be given when a group is created or when an old owner stays. */
export const MEMBER_ROLES = ['leader', 'member', 'subscriber'] as const
export type MemberRole = (typeof MEMBER_ROLES)[number]
/** What happens to the old owner of a group: keeps a role, or leaves the group (REMOVE). */
export const OLD_OWNER_ROLES = [...MEMBER_ROLES, 'REMOVE'] as const
export type OldOwnerRole = (typeof OLD_OWNER_ROLES)[number]

export const GROUP_SORTS = ['name', 'owner', 'members', 'created', 'latestActivity'] as const
export type GroupSort = (typeof GROUP_SORTS)[number]

export const MY_GROUP_SORTS = ['name', 'organization', 'owner', 'role', 'members', 'created'] as const
export type MyGroupSort = (typeof MY_GROUP_SORTS)[number]

/** The sorts of a group home's member list; `role` (owner, leaders, members, subscribers; by name) first. */
export const GROUP_MEMBER_SORTS = ['role', 'name', 'email', 'joined'] as const
export type GroupMemberSort = (typeof GROUP_MEMBER_SORTS)[number]

/** The create-group screen's role select beside a chosen member, named after them. */
export const memberRoleField = (userId: string) => `role-${userId}`
