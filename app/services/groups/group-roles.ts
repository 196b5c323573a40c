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
  /** See the other members' email addresses (plain members and subscribers see names and roles only). */
  seeMemberEmails: boolean
}

const flags = (viewOthers: boolean, send: boolean, create: boolean, edit: boolean): GroupPermissions => ({
  'reports.view_others': viewOthers,
  'reports.send': send,
  'tasks.create': create,
  'tasks.edit': edit,
})

export const GROUP_ROLE_TABLE: Record<GroupRole, GroupRoleRights> = {
  owner: { permissions: flags(true, true, true, true), isSubscriber: false, manageMembers: true, manageGroup: true, seeMemberEmails: true },
  leader: {
    permissions: flags(true, true, true, true),
    isSubscriber: false,
    manageMembers: true,
    manageGroup: false,
    seeMemberEmails: true,
  },
  member: {
    permissions: flags(false, true, false, false),
    isSubscriber: false,
    manageMembers: false,
    manageGroup: false,
    seeMemberEmails: false,
  },
  subscriber: {
    permissions: flags(true, false, false, false),
    isSubscriber: true,
    manageMembers: false,
    manageGroup: false,
    seeMemberEmails: false,
  },
}

export const rightsOf = (role: GroupRole): GroupRoleRights => GROUP_ROLE_TABLE[role]

/**
 * The role flags of spec section 6, in the order the screens show them as icons: owner; can view
 * others' loops; can create or edit tasks and tags; subscriber (follows members); can send free
 * loops or reports. Message keys `roleFlags.<flag>`.
 */
export const ROLE_FLAGS = ['owner', 'viewOthers', 'tasks', 'subscriber', 'send'] as const
export type RoleFlag = (typeof ROLE_FLAGS)[number]

function flagsFromTable(role: GroupRole): readonly RoleFlag[] {
  const { permissions, isSubscriber } = rightsOf(role)
  const on: Record<RoleFlag, boolean> = {
    owner: role === 'owner',
    viewOthers: permissions['reports.view_others'],
    tasks: permissions['tasks.create'] || permissions['tasks.edit'],
    subscriber: isSubscriber,
    send: permissions['reports.send'],
  }
  return Object.freeze(ROLE_FLAGS.filter((flag) => on[flag]))
}

/** Each role's flags, computed once from the table. */
const FLAGS_OF = Object.fromEntries(GROUP_ROLES.map((role) => [role, flagsFromTable(role)])) as Record<GroupRole, readonly RoleFlag[]>

/** The flags a role shows (the side menu, /groups, a group's home): the table's, never decided elsewhere. */
export const roleFlagsOf = (role: GroupRole): readonly RoleFlag[] => FLAGS_OF[role]

/** The specification's `my_role` of a group member. */
export function myRole(role: GroupRole) {
  const rights = rightsOf(role)
  return { name: role, isOwner: role === 'owner', isSubscriber: rights.isSubscriber, permissions: { ...rights.permissions } }
}
export type MyRole = ReturnType<typeof myRole>
