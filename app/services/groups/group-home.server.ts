import { sql } from 'kysely'
import { folded, searchPattern, swedishStored } from '~/db/collation'
import type { GroupRole } from '~/db/schema'
import { DomainError } from '~/errors'
import type { ListQuery, Page } from '~/utils/list-query'
import { requireActiveOrganization } from '../access.server'
import { createAlert } from '../alerts/alerts.server'
import { recordAudit } from '../audit.server'
import { lockOrganization, Rollback, type Tx } from '../bulk.server'
import { actorOf, type Ctx } from '../context.server'
import { requireGroupAccess, requireGroupRight, roleRank, type GroupAccess } from './group-access.server'
import { myRole, type MyRole } from './group-roles'
import { changeOwner } from './group-owners.server'
import type { MemberRole } from './groups.schemas'
import type { GroupMemberSort } from './my-groups.schemas'
import type { AuditAction } from '../audit-actions'

/**
 * A group's home (`/groups/:groupId/home`): what its members see, and what owners and leaders
 * change there. Who may do what is the role table's (group-roles.ts, via group-access.server.ts).
 * Every change records an audit entry of the group's organization and alerts the member it
 * concerns, in its transaction.
 */

/** Members shown per page of a group's home (a 500-member group is 10 pages). */
export const HOME_MEMBERS_PAGE_SIZE = 25

export interface GroupMemberItem {
  _id: string
  name: string
  /** Only for those who see members' emails (owners, leaders, the organization's admins; docs/group-roles.md). */
  email?: string
  role: GroupRole
  joined: string
}

export interface GroupHome {
  group: GroupAccess['group']
  organization: GroupAccess['organization'] & { isAdmin: boolean }
  /** The owner's email only for those who see members' emails, as in `members`. */
  owner: { _id: string; name: string; email?: string }
  /** Whether the page shows members' emails (and searches and sorts by them). */
  seesEmails: boolean
  /** The actor's role with its permissions, or null for an admin of the organization who is not a member. */
  myRole: MyRole | null
  rights: GroupAccess['rights']
  members: Page<GroupMemberItem>
}

/** What a group home's member list shows: search, sort, direction and page (its size is HOME_MEMBERS_PAGE_SIZE). */
export type GroupMembersQuery = Pick<ListQuery<GroupMemberSort>, 'q' | 'sort' | 'dir' | 'page'>

/**
 * The member list's order, each an index of the group's rows (migration 018) read forwards or
 * backwards: the sort key in the chosen direction, then (for role) the name, and the user id last,
 * so pages never overlap. Names and emails in Swedish order (their stored keys on SQLite).
 */
const memberOrder = (db: Ctx['db'], sort: GroupMemberSort, dir: 'asc' | 'desc') => {
  const d = sql.raw(dir)
  const byName = sql`${swedishStored(db, 'gm.name')} ${d}`
  const last = sql`gm.user_id ${d}`
  return {
    role: [sql`${roleRank} ${d}`, byName, last],
    name: [byName, last],
    email: [sql`${swedishStored(db, 'gm.email')} ${d}`, last],
    joined: [sql`gm.created_at ${d}`, last],
  }[sort]
}

/**
 * The group, its owner and one page of its members, searched by name or email and sorted (by
 * role: owner, leaders, members, subscribers, by name within a role). Four queries (access, page,
 * count, owner), whatever the group's size: the page reads one index of the group's own rows and
 * stops after it; a search reads the group's rows only, never the organization's other members.
 * Emails only for those who may see them (docs/group-roles.md): anyone else gets no email
 * field, and searches and sorts by name only, so neither tells an address.
 */
export async function getGroupHome(ctx: Ctx, groupId: string, query: GroupMembersQuery): Promise<GroupHome> {
  const access = await requireGroupAccess(ctx, groupId)
  const seesEmails = access.seesMemberEmails
  const sort = !seesEmails && query.sort === 'email' ? 'name' : query.sort
  const pattern = sql<string>`${searchPattern(query.q)} escape '\\'`
  // group_members holds a copy of each member's name and email (triggers, migration 018), so the
  // page reads no users rows and calls no collation function per member.
  const members = ctx.db
    .selectFrom('group_members as gm')
    .where('gm.group_id', '=', groupId)
    .$if(!!query.q, (qb) =>
      qb.where((eb) =>
        eb.or([eb(folded(ctx.db, 'gm.name'), 'like', pattern), ...(seesEmails ? [eb(folded(ctx.db, 'gm.email'), 'like', pattern)] : [])]),
      ),
    )
  const [rows, count, owner] = await Promise.all([
    memberOrder(ctx.db, sort, query.dir)
      .reduce((qb, order) => qb.orderBy(order), members.select(['gm.user_id as id', 'gm.name', 'gm.email', 'gm.role', 'gm.created_at']))
      .limit(HOME_MEMBERS_PAGE_SIZE)
      .offset((query.page - 1) * HOME_MEMBERS_PAGE_SIZE)
      .execute(),
    members.select((eb) => eb.fn.countAll<number | string>().as('total')).executeTakeFirstOrThrow(),
    ctx.db.selectFrom('users').select(['id', 'name', 'email']).where('id', '=', access.group.ownerId).executeTakeFirstOrThrow(),
  ])
  return {
    group: access.group,
    organization: { ...access.organization, isAdmin: access.isOrgAdmin },
    owner: { _id: owner.id, name: owner.name, ...(seesEmails ? { email: owner.email } : {}) },
    seesEmails,
    myRole: access.role ? myRole(access.role) : null,
    rights: access.rights,
    members: {
      items: rows.map((r) => ({
        _id: r.id,
        name: r.name,
        ...(seesEmails ? { email: r.email } : {}),
        role: r.role as GroupRole,
        joined: r.created_at,
      })),
      total: Number(count.total),
      page: query.page,
      pageSize: HOME_MEMBERS_PAGE_SIZE,
    },
  }
}

/** A change of one group in a transaction, with its audit entry; the access is read again inside. */
async function inGroupTransaction<T>(
  ctx: Ctx,
  groupId: string,
  right: 'manageMembers' | 'manageGroup',
  change: (
    trx: Tx,
    access: GroupAccess,
  ) => Promise<{ value: T; audit: { action: AuditAction; items: string[]; result?: Record<string, unknown> } }>,
): Promise<T> {
  const first = await requireGroupRight(ctx, groupId, right)
  return ctx.db.transaction().execute(async (trx) => {
    await lockOrganization(trx, first.group.organizationId)
    const access = await requireGroupRight(ctx, groupId, right, trx)
    const { value, audit } = await change(trx, access)
    await recordAudit(
      { ...ctx, db: trx },
      { organizationId: access.group.organizationId, ...audit, result: { SUCCESS: 1, groupId, ...audit.result } },
    )
    return value
  })
}

const groupAlert = (ctx: Ctx, access: GroupAccess) => ({
  target: { type: 'group' as const, id: access.group.id },
  organizationId: access.group.organizationId,
  actorId: actorOf(ctx).id,
})

/** A member of the group with their role (read in the transaction), or MEMBER_NOT_FOUND. */
async function groupMember(trx: Tx, groupId: string, userId: string): Promise<{ role: GroupRole; name: string }> {
  const row = await trx
    .selectFrom('group_members as gm')
    .select(['gm.role', 'gm.name'])
    .where('gm.group_id', '=', groupId)
    .where('gm.user_id', '=', userId)
    .executeTakeFirst()
  if (!row) throw new DomainError('MEMBER_NOT_FOUND')
  return { role: row.role as GroupRole, name: row.name }
}

/**
 * Gives a member another role (leader, member, subscriber). The owner's role changes only by a
 * hand-over (IS_GROUP_OWNER). The member gets the alert group.role.changed.
 */
export async function changeMemberRole(ctx: Ctx, groupId: string, input: { userId: string; role: MemberRole }) {
  return inGroupTransaction(ctx, groupId, 'manageMembers', async (trx, access) => {
    const { role: current, name } = await groupMember(trx, groupId, input.userId)
    if (current === 'owner') throw new DomainError('IS_GROUP_OWNER')
    if (current !== input.role) {
      await trx
        .updateTable('group_members')
        .set({ role: input.role })
        .where('group_id', '=', groupId)
        .where('user_id', '=', input.userId)
        .execute()
      await createAlert(
        trx,
        {
          ...groupAlert(ctx, access),
          userId: input.userId,
          template: 'group.role.changed',
          data: { groupName: access.group.name, role: input.role },
        },
        ctx.now,
      )
    }
    return {
      value: { name, changed: current !== input.role },
      audit: { action: 'group.member.role', items: [input.userId], result: { role: input.role } },
    }
  })
}

/** Removes a member from the group (not its owner: IS_GROUP_OWNER). They get the alert group.member.removed. */
export async function removeGroupMember(ctx: Ctx, groupId: string, input: { userId: string }) {
  return inGroupTransaction(ctx, groupId, 'manageMembers', async (trx, access) => {
    const { role, name } = await groupMember(trx, groupId, input.userId)
    if (role === 'owner') throw new DomainError('IS_GROUP_OWNER')
    await trx.deleteFrom('group_members').where('group_id', '=', groupId).where('user_id', '=', input.userId).execute()
    await trx
      .updateTable('groups')
      .set({ member_count: sql`member_count - 1` })
      .where('id', '=', groupId)
      .execute()
    await createAlert(
      trx,
      { ...groupAlert(ctx, access), userId: input.userId, template: 'group.member.removed', data: { groupName: access.group.name } },
      ctx.now,
    )
    return { value: { name }, audit: { action: 'group.member.remove', items: [input.userId] } }
  })
}

/**
 * The actor leaves the group. Its owner cannot (GROUP_OWNER_CANNOT_LEAVE: hand the group over
 * first); an admin of its organization who is not a member gets MEMBER_NOT_FOUND. Leaving an
 * inactive group or organization is allowed. Records the audit entry group.member.leave; nobody
 * is alerted (no alert template says that someone left). Returns the group's name.
 */
export async function leaveGroup(ctx: Ctx, groupId: string): Promise<{ groupName: string }> {
  const actor = actorOf(ctx)
  const first = await requireGroupAccess(ctx, groupId)
  return ctx.db.transaction().execute(async (trx) => {
    await lockOrganization(trx, first.group.organizationId)
    const access = await requireGroupAccess(ctx, groupId, trx)
    if (access.role === 'owner') throw new DomainError('GROUP_OWNER_CANNOT_LEAVE')
    if (!access.role) throw new DomainError('MEMBER_NOT_FOUND')
    await trx.deleteFrom('group_members').where('group_id', '=', groupId).where('user_id', '=', actor.id).execute()
    await trx
      .updateTable('groups')
      .set({ member_count: sql`member_count - 1` })
      .where('id', '=', groupId)
      .execute()
    await recordAudit(
      { ...ctx, db: trx },
      { organizationId: access.group.organizationId, action: 'group.member.leave', items: [actor.id], result: { SUCCESS: 1, groupId } },
    )
    return { groupName: access.group.name }
  })
}

/** Renames the group (its owner). */
export async function renameGroup(ctx: Ctx, groupId: string, input: { name: string }) {
  return inGroupTransaction(ctx, groupId, 'manageGroup', async (trx) => {
    await trx.updateTable('groups').set({ name: input.name }).where('id', '=', groupId).execute()
    return { value: undefined, audit: { action: 'group.rename', items: [groupId] } }
  })
}

/** Activates or deactivates the group (its owner); activating needs an active organization. */
export async function setGroupActive(ctx: Ctx, groupId: string, input: { active: boolean }) {
  return inGroupTransaction(ctx, groupId, 'manageGroup', async (trx, access) => {
    if (input.active) await requireActiveOrganization(trx, access.group.organizationId)
    await trx
      .updateTable('groups')
      .set({ active: input.active ? 1 : 0 })
      .where('id', '=', groupId)
      .execute()
    return { value: undefined, audit: { action: input.active ? 'groups.activate' : 'groups.deactivate', items: [groupId] } }
  })
}

/**
 * The owner hands the group over to another of its members, and stays in it as `oldOwnerRole`.
 * Both get the alert group.owner.changed (changeOwner, shared with the organization's
 * change-owners). Not in an inactive organization (ORGANIZATION_INACTIVE).
 */
export async function handOverGroup(ctx: Ctx, groupId: string, input: { userId: string; oldOwnerRole: MemberRole }) {
  return inGroupTransaction(ctx, groupId, 'manageGroup', async (trx, access) => {
    await requireActiveOrganization(trx, access.group.organizationId)
    const { role, name } = await groupMember(trx, groupId, input.userId)
    if (role === 'owner') throw new DomainError('ALREADY_GROUP_OWNER')
    try {
      await changeOwner(trx, ctx, access.group.organizationId, groupId, input.userId, input.oldOwnerRole)
    } catch (error) {
      if (error instanceof Rollback) throw new DomainError(error.code as 'GROUP_NOT_FOUND')
      throw error
    }
    return {
      value: { name },
      audit: { action: 'group.hand-over', items: [groupId], result: { newOwnerId: input.userId, oldOwnerRole: input.oldOwnerRole } },
    }
  })
}
