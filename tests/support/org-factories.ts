import { db } from '~/db/db.server'
import type { GroupKind, GroupRole, OrgRole } from '~/db/schema'
import { newId, nowIso } from '~/utils/ids.server'
import { uniqueEmail } from './factories'
import { batches } from '../../app/db/batches'

/**
 * Factories for organizations, their members and groups (shared by the organization,
 * group and invitation tests). They write rows directly, the way the services leave them:
 * a group's owner is a group_members row with role 'owner', and groups.member_count always
 * equals the number of group_members rows.
 */

export interface CreateOrganizationOptions {
  name?: string
  active?: boolean
  contact?: { name?: string; email?: string; phone?: string }
  /** Members with role 'admin'. */
  adminIds?: string[]
  /** Plain members. */
  memberIds?: string[]
  /** Members (added as plain members unless also in adminIds) who may create groups. */
  groupCreatorIds?: string[]
  created?: string
}

/** An organization with the given admins, members and group creators; returns the row. */
export async function createOrganization(options: CreateOrganizationOptions = {}) {
  const id = newId()
  await db()
    .insertInto('organizations')
    .values({
      id,
      name: options.name ?? `Org ${id.slice(0, 6)}`,
      active: options.active === false ? 0 : 1,
      contact: JSON.stringify(options.contact ?? {}),
      created_at: options.created ?? nowIso(),
    })
    .execute()
  const admins = new Set(options.adminIds ?? [])
  const creators = new Set(options.groupCreatorIds ?? [])
  const all = [...new Set([...admins, ...(options.memberIds ?? []), ...creators])]
  for (const userId of all) {
    await addMember(id, userId, { role: admins.has(userId) ? 'admin' : 'member', groupCreator: creators.has(userId) })
  }
  return db().selectFrom('organizations').selectAll().where('id', '=', id).executeTakeFirstOrThrow()
}

/**
 * Makes a user a member of an organization (role 'member' unless told otherwise). If the user
 * is already a member, the role and group-creator flag are updated instead.
 */
export async function addMember(
  organizationId: string,
  userId: string,
  options: { role?: OrgRole; groupCreator?: boolean; created?: string; /** Defaults to groupCreator. */ attendance?: boolean } = {},
) {
  const role = options.role ?? 'member'
  const groupCreator = options.groupCreator ? 1 : 0
  const attendance = (options.attendance ?? options.groupCreator) ? 1 : 0
  await db()
    .insertInto('organization_members')
    .values({
      organization_id: organizationId,
      user_id: userId,
      role,
      is_group_creator: groupCreator,
      may_create_attendance: attendance,
      created_at: options.created ?? nowIso(),
    })
    .onConflict((oc) =>
      oc.columns(['organization_id', 'user_id']).doUpdateSet({ role, is_group_creator: groupCreator, may_create_attendance: attendance }),
    )
    .execute()
}

/**
 * `count` new users (no password) who are members of the organization, inserted in a few
 * multi-row statements: for tests that need hundreds or thousands of members. Returns their ids
 * in creation order.
 */
export async function createMembers(organizationId: string, count: number, options: { groupCreator?: boolean; namePrefix?: string } = {}) {
  const now = nowIso()
  const users = Array.from({ length: count }, (_, i) => ({
    id: newId(),
    name: `${options.namePrefix ?? 'Member'} ${String(i + 1).padStart(5, '0')}`,
    email: uniqueEmail('member'),
    password_hash: null,
    email_verified_at: now,
    locale: 'sv',
    timezone: 'Europe/Stockholm',
    created_at: now,
  }))
  // 8 columns per row: 100 rows stay under SQLite's bound-parameter limit.
  for (const chunk of batches(users, 100)) {
    await db().insertInto('users').values(chunk).execute()
    await db()
      .insertInto('organization_members')
      .values(
        chunk.map((u) => ({
          organization_id: organizationId,
          user_id: u.id,
          role: 'member' as const,
          is_group_creator: options.groupCreator ? 1 : 0,
          created_at: now,
        })),
      )
      .execute()
  }
  return users.map((u) => u.id)
}

export interface CreateGroupOptions {
  ownerId: string
  /** Members besides the owner (role 'member' unless given as [id, role]). */
  memberIds?: (string | [string, GroupRole])[]
  kind?: GroupKind
  active?: boolean
  name?: string
  latestActivity?: string | null
  created?: string
}

/**
 * A group of the organization, owned by `ownerId` (a group_members row with role 'owner'),
 * with the given members; member_count is set to the number of rows. The owner and members
 * who are not yet members of the organization are added to it as plain members.
 */
export async function createGroup(organizationId: string, options: CreateGroupOptions) {
  const id = newId()
  const now = options.created ?? nowIso()
  const members = new Map<string, GroupRole>([[options.ownerId, 'owner']])
  for (const m of options.memberIds ?? []) {
    const [userId, role] = typeof m === 'string' ? [m, 'member' as GroupRole] : m
    if (!members.has(userId)) members.set(userId, role)
  }
  const userIds = [...members.keys()]
  await db()
    .insertInto('organization_members')
    .values(userIds.map((user_id) => ({ organization_id: organizationId, user_id, created_at: now })))
    .onConflict((oc) => oc.columns(['organization_id', 'user_id']).doNothing())
    .execute()
  await db()
    .insertInto('groups')
    .values({
      id,
      organization_id: organizationId,
      name: options.name ?? `Group ${id.slice(0, 6)}`,
      kind: options.kind ?? 'standard',
      owner_id: options.ownerId,
      active: options.active === false ? 0 : 1,
      member_count: members.size,
      latest_activity_at: options.latestActivity ?? null,
      created_at: now,
    })
    .execute()
  await db()
    .insertInto('group_members')
    .values(userIds.map((user_id) => ({ group_id: id, user_id, role: members.get(user_id)!, created_at: now })))
    .execute()
  return db().selectFrom('groups').selectAll().where('id', '=', id).executeTakeFirstOrThrow()
}

/** The number of group_members rows of a group and its member_count, for checking they agree. */
export async function groupMemberCounts(groupId: string) {
  const [{ rows }] = await db()
    .selectFrom('group_members')
    .select((eb) => eb.fn.countAll<number | string>().as('rows'))
    .where('group_id', '=', groupId)
    .execute()
  const group = await db().selectFrom('groups').select('member_count').where('id', '=', groupId).executeTakeFirstOrThrow()
  return { rows: Number(rows), memberCount: Number(group.member_count) }
}
