import type { GroupRole } from '~/db/schema'

/**
 * The group roles and what each may do: the one table every group screen and call reads
 * (spec section 6; docs/group-roles.md). Browser-safe: the side menu and the groups list show
 * the flags as icons with tooltips.
 */
export const GROUP_ROLES = ['owner', 'leader', 'member', 'subscriber'] as const satisfies readonly GroupRole[]

/** The permission flags of the specification's `my_role.permissions`. */
export const GROUP_PERMISSIONS = ['reports.view_others', 'reports.send', 'tasks.create', 'tasks.edit'] as const
export type GroupPermission = (typeof GROUP_PERMISSIONS)[number]
export type GroupPermissions = Record<GroupPermission, boolean>

/** What a role may do in its group beyond the specification's flags. */
export interface GroupRoleRights {
  permissions: GroupPermissions
  /** Follows the members (sees their activity) without taking part. */
  isSubscriber: boolean
  /** Invite people (email or open code), change members' roles (not to or from owner), remove members. */
  manageMembers: boolean
  /** Rename, deactivate and hand over the group. */
  manageGroup: boolean
}

const flags = (viewOthers: boolean, send: boolean, create: boolean, edit: boolean): GroupPermissions => ({
  'reports.view_others': viewOthers,
  'reports.send': send,
  'tasks.create': create,
  'tasks.edit': edit,
})

export const GROUP_ROLE_TABLE: Record<GroupRole, GroupRoleRights> = {
  owner: { permissions: flags(true, true, true, true), isSubscriber: false, manageMembers: true, manageGroup: true },
  leader: { permissions: flags(true, true, true, true), isSubscriber: false, manageMembers: true, manageGroup: false },
  member: { permissions: flags(false, true, false, false), isSubscriber: false, manageMembers: false, manageGroup: false },
  subscriber: { permissions: flags(true, false, false, false), isSubscriber: true, manageMembers: false, manageGroup: false },
}

export const rightsOf = (role: GroupRole): GroupRoleRights => GROUP_ROLE_TABLE[role]

/** The specification's `my_role` of a group member. */
export function myRole(role: GroupRole) {
  const rights = rightsOf(role)
  return { name: role, isOwner: role === 'owner', isSubscriber: rights.isSubscriber, permissions: { ...rights.permissions } }
}
export type MyRole = ReturnType<typeof myRole>
