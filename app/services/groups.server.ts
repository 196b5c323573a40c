import { sql, type ExpressionBuilder } from 'kysely'
import type { GroupKind, GroupRole } from '~/db/schema'
import { DomainError } from '~/errors'
import { folded, swedish, swedishStored } from '~/db/collation'
import { likePattern, type ListQuery, type Page } from '~/utils/list-query'
import { newId, nowIso } from '~/utils/ids.server'
import { isOrganizationActive, requireActiveOrgAdmin, requireActiveOrganization, requireOrgAdmin } from './access.server'
import { recordAudit, tally, type ItemResult } from './audit.server'
import { lockOrganization, Rollback, runBulk, type Tx } from './bulk.server'
import { createAlerts } from './alerts.server'
import { actorOf, type Ctx } from './context.server'
import { defaultGroupName, mayCreateAttendanceGroup, requireGroupCreation } from './group-creation.server'
import { isMember, memberIdsByEmail } from './members.server'
import type { GroupSort, MemberRole, OldOwnerRole, OwnerChange } from './groups.schemas'

/**
 * The groups of an organization, for its admins (issue 3, screen 4 and the group rows of spec
 * section 7). Every function starts with requireOrgAdmin; ids of another organization's groups
 * fail per item as GROUP_NOT_FOUND. Bulk actions run through runBulk (bulk.server.ts).
 *
 * groups.member_count equals the group's group_members rows, kept so in the transaction of every
 * change of them: creating a group sets it to the rows inserted, an owner change recounts it
 * from group_members, and the other services adjust it by the rows they insert or delete
 * (removeMembers in member-removal.server.ts decrements it, redeeming a group invitation in
 * invitation-redemption.server.ts increments it).
 */

/** A group as lists and the API show it (spec section 3 "Group", as far as it applies). */
export interface GroupListItem {
  _id: string
  name: string
  kind: GroupKind
  created: string
  active: boolean
  owner: { _id: string; name: string; email: string }
  memberCount: number
  latestActivity: string | null
}

export type GroupListQuery = ListQuery<GroupSort> & { active?: boolean; kind?: GroupKind }

const GROUP_COLUMNS = [
  'g.id',
  'g.name',
  'g.kind',
  'g.created_at',
  'g.active',
  'g.member_count',
  'g.latest_activity_at',
  'u.id as owner_id',
  'u.name as owner_name',
  'u.email as owner_email',
] as const

/** The groups of an organization joined with their owners. */
const groupsWithOwners = (db: Tx, organizationId: string) =>
  db.selectFrom('groups as g').innerJoin('users as u', 'u.id', 'g.owner_id').where('g.organization_id', '=', organizationId)

/** The select of a group with its owner, in the shape of GroupListItem. */
const selectGroups = (db: Tx, organizationId: string) => groupsWithOwners(db, organizationId).select(GROUP_COLUMNS)

type GroupRow = {
  id: string
  name: string
  kind: GroupKind
  created_at: string
  active: number
  member_count: number | string
  latest_activity_at: string | null
  owner_id: string
  owner_name: string
  owner_email: string
}

const toGroup = (r: GroupRow): GroupListItem => ({
  _id: r.id,
  name: r.name,
  kind: r.kind,
  created: r.created_at,
  active: Number(r.active) === 1,
  owner: { _id: r.owner_id, name: r.owner_name, email: r.owner_email },
  memberCount: Number(r.member_count),
  latestActivity: r.latest_activity_at,
})

const uniq = (ids: string[]) => [...new Set(ids)]

/**
 * Sort expressions; ties are broken by id so pages never overlap. Names in Swedish order
 * (collation.ts); the name sort is backed by the index groups_org_name_swedish.
 */
const sortExpression = (db: Tx, sort: GroupSort) =>
  ({
    name: () => swedishStored(db, 'g.name'),
    owner: () => swedish(db, 'u.name'),
    members: () => sql`g.member_count`,
    created: () => sql`g.created_at`,
    // Groups without activity sort as the oldest (the same on SQLite and PostgreSQL).
    latestActivity: () => sql`coalesce(g.latest_activity_at, '')`,
  })[sort]?.() ?? swedishStored(db, 'g.name')

/** The list's filters (active, kind) on a query of groups `g`. */
const listFilters = (query: Pick<GroupListQuery, 'active' | 'kind'>) => (eb: ExpressionBuilder<any, any>) =>
  eb.and([
    ...(query.active !== undefined ? [eb('g.active', '=', query.active ? 1 : 0)] : []),
    ...(query.kind ? [eb('g.kind', '=', query.kind)] : []),
  ])

/**
 * One page of the organization's groups: search (group name, owner name or email), filters
 * (active, kind), sort and pagination. Two queries: the page and the total.
 */
export async function listGroups(ctx: Ctx, organizationId: string, query: GroupListQuery): Promise<Page<GroupListItem>> {
  await requireOrgAdmin(ctx, organizationId)
  const base = matchingGroups(ctx.db, organizationId, query)
  const dir = query.dir === 'desc' ? sql`desc` : sql`asc`
  const [rows, count] = await Promise.all([
    base
      .select(GROUP_COLUMNS)
      .orderBy(sql`${sortExpression(ctx.db, query.sort)} ${dir}`)
      .orderBy(sql`g.id ${dir}`)
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize)
      .execute(),
    // Without a search the total needs no owners: count the groups alone.
    (query.q ? base : ctx.db.selectFrom('groups as g').where('g.organization_id', '=', organizationId).where(listFilters(query)))
      .select((eb) => eb.fn.countAll<number | string>().as('total'))
      .executeTakeFirstOrThrow(),
  ])
  return { items: rows.map(toGroup), total: Number(count.total), page: query.page, pageSize: query.pageSize }
}

/** The organization's groups (with their owners) that the list's filters and search match. */
function matchingGroups(db: Tx, organizationId: string, query: Pick<GroupListQuery, 'q' | 'active' | 'kind'>) {
  const pattern = sql<string>`${likePattern(query.q)} escape '\\'`
  return groupsWithOwners(db, organizationId)
    .where(listFilters(query))
    .$if(!!query.q, (qb) =>
      qb.where((eb) =>
        eb.or([eb(folded(db, 'g.name'), 'like', pattern), eb(folded(db, 'u.name'), 'like', pattern), eb(folded(db, 'u.email'), 'like', pattern)]),
      ),
    )
}

/**
 * The ids of every group the list's filters and search match ("select all N matching" of the
 * bulk form); the bulk services check each one again.
 */
export async function groupIdsMatching(ctx: Ctx, organizationId: string, query: Pick<GroupListQuery, 'q' | 'active' | 'kind'>) {
  await requireOrgAdmin(ctx, organizationId)
  const rows = await matchingGroups(ctx.db, organizationId, query).select('g.id').orderBy('g.created_at').orderBy('g.id').execute()
  return rows.map((r) => r.id)
}

/** GET /api/v1/organizations/{id}/groups: every group of the organization, by name. */
export async function listAllGroups(ctx: Ctx, organizationId: string): Promise<GroupListItem[]> {
  await requireOrgAdmin(ctx, organizationId)
  const rows = await selectGroups(ctx.db, organizationId).orderBy(swedishStored(ctx.db, 'g.name')).orderBy('g.id').execute()
  return rows.map(toGroup)
}

/** Some groups of the organization by id, in the order asked; unknown and foreign ids are left out. */
export async function getGroups(ctx: Ctx, organizationId: string, groupIds: string[]): Promise<GroupListItem[]> {
  await requireOrgAdmin(ctx, organizationId)
  const ids = uniq(groupIds)
  if (ids.length === 0) return []
  const rows = await selectGroups(ctx.db, organizationId).where('g.id', 'in', ids).execute()
  const byId = new Map(rows.map((r) => [r.id, toGroup(r)]))
  return ids.flatMap((id) => byId.get(id) ?? [])
}

export interface GroupStatistics {
  latestActivity: string | null
  /** Everyone in the group, the owner included (groups.member_count). */
  members: number
  /** Members by group role. */
  roles: Record<GroupRole, number>
  active: boolean
}

/**
 * Group statistics by group id (spec section 3). Ids of other organizations and unknown ids are
 * simply absent. Two queries, whatever the number of ids.
 */
export async function groupStatistics(ctx: Ctx, organizationId: string, groupIds: string[]): Promise<Record<string, GroupStatistics>> {
  await requireOrgAdmin(ctx, organizationId)
  const ids = uniq(groupIds)
  const stats: Record<string, GroupStatistics> = {}
  if (ids.length === 0) return stats
  const groups = await ctx.db
    .selectFrom('groups')
    .select(['id', 'latest_activity_at', 'member_count', 'active'])
    .where('organization_id', '=', organizationId)
    .where('id', 'in', ids)
    .execute()
  if (groups.length === 0) return stats
  const roleCounts = await ctx.db
    .selectFrom('group_members')
    .select((eb) => ['group_id', 'role', eb.fn.countAll<number | string>().as('n')])
    .where(
      'group_id',
      'in',
      groups.map((g) => g.id),
    )
    .groupBy(['group_id', 'role'])
    .execute()
  for (const g of groups) {
    stats[g.id] = {
      latestActivity: g.latest_activity_at,
      members: Number(g.member_count),
      roles: { owner: 0, leader: 0, member: 0, subscriber: 0 },
      active: g.active === 1,
    }
  }
  for (const r of roleCounts) {
    const s = stats[r.group_id]
    if (s && r.role in s.roles) s.roles[r.role] = Number(r.n)
  }
  return stats
}

/** The ids among `groupIds` that are groups of the organization (one query). */
async function groupsOfOrganization(ctx: Ctx, organizationId: string, groupIds: string[]) {
  if (groupIds.length === 0) return new Set<string>()
  const rows = await ctx.db
    .selectFrom('groups')
    .select('id')
    .where('organization_id', '=', organizationId)
    .where('id', 'in', groupIds)
    .execute()
  return new Set(rows.map((r) => r.id))
}

/** Sets the active flag of groups (PUT …/groups/set-active); activating needs an active organization. */
export async function setGroupsActive(ctx: Ctx, organizationId: string, groupIds: string[], active: boolean): Promise<ItemResult[]> {
  // An inactive organization's groups may be deactivated, not activated.
  await (active ? requireActiveOrgAdmin : requireOrgAdmin)(ctx, organizationId)
  const found = await groupsOfOrganization(ctx, organizationId, uniq(groupIds))
  return runBulk(ctx, {
    organizationId,
    action: active ? 'groups.activate' : 'groups.deactivate',
    items: groupIds,
    check: (id) => (found.has(id) ? undefined : 'GROUP_NOT_FOUND'),
    item: async (trx, id) => {
      const updated = await trx
        .updateTable('groups')
        .set({ active: active ? 1 : 0 })
        .where('id', '=', id)
        .where('organization_id', '=', organizationId)
        .executeTakeFirst()
      return Number(updated.numUpdatedRows) === 1 ? 'SUCCESS' : 'GROUP_NOT_FOUND'
    },
    batch: async (trx, ids) => {
      const updated = await trx
        .updateTable('groups')
        .set({ active: active ? 1 : 0 })
        .where('id', 'in', ids)
        .where('organization_id', '=', organizationId)
        .returning('id')
        .execute()
      const done = new Set(updated.map((r) => r.id))
      return ids.map((id) => (done.has(id) ? 'SUCCESS' : 'GROUP_NOT_FOUND'))
    },
  })
}

/** Deletes groups with their members and group invitations (POST …/delete-groups). */
export async function deleteGroups(ctx: Ctx, organizationId: string, groupIds: string[]): Promise<ItemResult[]> {
  await requireOrgAdmin(ctx, organizationId)
  const found = await groupsOfOrganization(ctx, organizationId, uniq(groupIds))
  return runBulk(ctx, {
    organizationId,
    action: 'groups.delete',
    items: groupIds,
    check: (id) => (found.has(id) ? undefined : 'GROUP_NOT_FOUND'),
    item: async (trx, id) => {
      // group_members and the group's invitations go with it (ON DELETE CASCADE, foreign keys on in both dialects).
      const deleted = await trx.deleteFrom('groups').where('id', '=', id).where('organization_id', '=', organizationId).executeTakeFirst()
      return Number(deleted.numDeletedRows) === 1 ? 'SUCCESS' : 'GROUP_NOT_FOUND'
    },
    batch: async (trx, ids) => {
      const deleted = await trx.deleteFrom('groups').where('id', 'in', ids).where('organization_id', '=', organizationId).returning('id').execute()
      const done = new Set(deleted.map((r) => r.id))
      return ids.map((id) => (done.has(id) ? 'SUCCESS' : 'GROUP_NOT_FOUND'))
    },
  })
}

/** Sets member_count to the number of group_members rows of the group; returns it. */
async function recountMembers(trx: Tx, groupId: string) {
  const row = await trx
    .updateTable('groups')
    .set((eb) => ({
      member_count: eb
        .selectFrom('group_members')
        .select((s) => s.fn.countAll<number>().as('n'))
        .where('group_id', '=', groupId),
    }))
    .where('id', '=', groupId)
    .returning('member_count')
    .executeTakeFirstOrThrow()
  return Number(row.member_count)
}

/** What an owner change's result carries besides `_id` and `result`. */
export interface OwnerChangeFields {
  /** The group after the change (null when the item failed). */
  group: GroupListItem | null
  oldOwnerRemoved: boolean
}
export type OwnerChangeResult = ItemResult & OwnerChangeFields

/**
 * Changes the owners of groups (PUT …/groups/change-owners). The new owner must be a member of
 * the organization; they join the group if needed and get the role 'owner'. The old owner keeps
 * `oldOwnerRole`, or leaves the group with REMOVE. A group always keeps exactly one owner.
 * Every change is an item, in the order given (a group named twice is changed twice). Not in an
 * inactive organization (ORGANIZATION_INACTIVE; an item that finds it deactivated meanwhile
 * answers that code).
 */
export async function changeGroupOwners(ctx: Ctx, organizationId: string, changeList: OwnerChange[]): Promise<OwnerChangeResult[]> {
  await requireActiveOrgAdmin(ctx, organizationId)
  const groupIds = uniq(changeList.map((c) => c.groupId))
  const ownerIds = uniq(changeList.map((c) => c.newOwnerId).filter(Boolean))
  const [groups, owners] = await Promise.all([
    groupIds.length ? selectGroups(ctx.db, organizationId).where('g.id', 'in', groupIds).execute() : Promise.resolve([] as GroupRow[]),
    ownerIds.length
      ? ctx.db
          .selectFrom('organization_members as m')
          .innerJoin('users as u', 'u.id', 'm.user_id')
          .select(['u.id', 'u.name', 'u.email'])
          .where('m.organization_id', '=', organizationId)
          .where('m.user_id', 'in', ownerIds)
          .execute()
      : Promise.resolve([]),
  ])
  const groupById = new Map(groups.map((g) => [g.id, g]))
  const ownerById = new Map(owners.map((o) => [o.id, o]))
  return runBulk<OwnerChange, OwnerChangeFields>(ctx, {
    organizationId,
    action: 'groups.change-owners',
    items: changeList,
    idOf: (change) => change.groupId,
    failed: { group: null, oldOwnerRemoved: false },
    check: (change) =>
      !groupById.has(change.groupId) ? 'GROUP_NOT_FOUND' : !ownerById.has(change.newOwnerId) ? 'MEMBER_NOT_FOUND' : undefined,
    item: async (trx, change) => {
      const group = groupById.get(change.groupId)!
      const newOwner = ownerById.get(change.newOwnerId)!
      // The new owner may have been removed since the list was loaded: check again, locked
      // against concurrent removals, so a group never ends up owned by a non-member.
      await lockOrganization(trx, organizationId)
      if (!(await isOrganizationActive(trx, organizationId))) return 'ORGANIZATION_INACTIVE'
      if (!(await isMember(trx, organizationId, newOwner.id))) return 'MEMBER_NOT_FOUND'
      const { memberCount, oldOwnerRemoved } = await changeOwner(trx, ctx, organizationId, change.groupId, newOwner.id, change.oldOwnerRole)
      const updated = { ...group, owner_id: newOwner.id, owner_name: newOwner.name, owner_email: newOwner.email, member_count: memberCount }
      // A later change of the same group starts from this one.
      groupById.set(change.groupId, updated)
      return { result: 'SUCCESS', group: toGroup(updated), oldOwnerRemoved }
    },
    auditResult: (results) => ({ oldOwnersRemoved: results.filter((r) => r.oldOwnerRemoved).length }),
  })
}

/**
 * One owner change inside its transaction; the owner is read again here, not trusted from before.
 * The new and the old owner get the alert group.owner.changed in the same transaction. Shared by
 * the organization's change-owners and a group owner's hand-over (group-home.server.ts).
 */
export async function changeOwner(trx: Tx, ctx: Ctx, organizationId: string, groupId: string, newOwnerId: string, oldOwnerRole: OldOwnerRole) {
  const group = await trx
    .selectFrom('groups')
    .select(['owner_id', 'name'])
    .where('id', '=', groupId)
    .where('organization_id', '=', organizationId)
    .executeTakeFirst()
  if (!group) throw new Rollback('GROUP_NOT_FOUND')
  const oldOwnerId = group.owner_id
  if (oldOwnerId === newOwnerId) throw new Rollback('ALREADY_GROUP_OWNER')
  const now = nowIso(ctx.now)

  await trx
    .insertInto('group_members')
    .values({ group_id: groupId, user_id: newOwnerId, role: 'owner', created_at: now })
    .onConflict((oc) => oc.columns(['group_id', 'user_id']).doUpdateSet({ role: 'owner' }))
    .execute()
  if (oldOwnerRole === 'REMOVE') {
    await trx.deleteFrom('group_members').where('group_id', '=', groupId).where('user_id', '=', oldOwnerId).execute()
  } else {
    await trx
      .insertInto('group_members')
      .values({ group_id: groupId, user_id: oldOwnerId, role: oldOwnerRole, created_at: now })
      .onConflict((oc) => oc.columns(['group_id', 'user_id']).doUpdateSet({ role: oldOwnerRole }))
      .execute()
  }
  await trx.updateTable('groups').set({ owner_id: newOwnerId }).where('id', '=', groupId).execute()
  const memberCount = await recountMembers(trx, groupId)
  const alert = { template: 'group.owner.changed' as const, target: { type: 'group' as const, id: groupId }, organizationId, actorId: ctx.actor?.id ?? null }
  await createAlerts(
    trx,
    [newOwnerId, oldOwnerId].map((userId) => ({ ...alert, userId, data: { groupName: group.name, role: userId === newOwnerId ? 'owner' : oldOwnerRole === 'REMOVE' ? null : oldOwnerRole } })),
    ctx.now,
  )
  return { memberCount, oldOwnerRemoved: oldOwnerRole === 'REMOVE' }
}

/**
 * Owner changes by the new owner's email (the screen's form): emails are resolved to members
 * of the organization in one query; an unknown address fails that item as MEMBER_NOT_FOUND.
 */
export async function changeGroupOwnersByEmail(
  ctx: Ctx,
  organizationId: string,
  changes: { groupId: string; newOwnerEmail: string; oldOwnerRole: OldOwnerRole }[],
) {
  await requireOrgAdmin(ctx, organizationId)
  const byEmail = await memberIdsByEmail(
    ctx,
    organizationId,
    changes.map((c) => c.newOwnerEmail),
  )
  return changeGroupOwners(
    ctx,
    organizationId,
    changes.map((c) => ({
      groupId: c.groupId,
      newOwnerId: byEmail.get(c.newOwnerEmail.toLowerCase()) ?? '',
      oldOwnerRole: c.oldOwnerRole,
    })),
  )
}

/**
 * Whether the actor may create attendance groups in the organization (spec section 6): see
 * group-creation.server.ts, which decides who may create groups of either kind.
 */
export const canCreateAttendanceGroups = mayCreateAttendanceGroup

export interface CreateGroupInput {
  /** Without one, the group gets a default name in its owner's language (defaultGroupName). */
  name?: string
  kind: GroupKind
  groupOwnerId: string
  memberIdsWithRoles: Record<string, MemberRole>
}

/**
 * Creates a group with an owner and members (POST …/create-group-with-members and
 * …/create-attendance-group-with-members). The owner must be a member of the organization, or
 * nothing is created (OWNER_NOT_MEMBER). Members outside the organization fail per item
 * (MEMBER_NOT_FOUND) and the group is created with the others, in one transaction. The owner
 * named again among the members stays the owner (their item is SUCCESS).
 * Admins and group creators get here; attendance groups need that permission too
 * (requireGroupCreation). Not in an inactive organization (ORGANIZATION_INACTIVE).
 * Everyone added except the actor gets a `group.member.added` alert, in the same transaction.
 */
export async function createGroupWithMembers(
  ctx: Ctx,
  organizationId: string,
  input: CreateGroupInput,
): Promise<{ group: GroupListItem; membersResults: ItemResult[] }> {
  await requireGroupCreation(ctx, organizationId, input.kind)
  return createGroup(ctx, organizationId, input, [])
}

/**
 * Creates the group (access already checked); `unresolved` are members that failed before (for
 * the audit). Who is a member is read inside the transaction, under the organization's lock
 * (lockOrganization): a member removed while the group is being created is either still a member
 * when it commits, or answered MEMBER_NOT_FOUND (OWNER_NOT_MEMBER for the owner), never added.
 * The audit entry commits with the group.
 */
async function createGroup(ctx: Ctx, organizationId: string, input: CreateGroupInput, unresolved: ItemResult[]) {
  const memberIds = Object.keys(input.memberIdsWithRoles)
  const wanted = uniq([input.groupOwnerId, ...memberIds])
  const now = nowIso(ctx.now)
  const groupId = newId()
  return ctx.db.transaction().execute(async (trx) => {
    await lockOrganization(trx, organizationId)
    await requireActiveOrganization(trx, organizationId)
    const inOrg = new Map<string, { id: string; name: string; email: string; locale: string; timezone: string }>()
    for (let i = 0; i < wanted.length; i += 1000) {
      const rows = await trx
        .selectFrom('organization_members as m')
        .innerJoin('users as u', 'u.id', 'm.user_id')
        .select(['u.id', 'u.name', 'u.email', 'u.locale', 'u.timezone'])
        .where('m.organization_id', '=', organizationId)
        .where('m.user_id', 'in', wanted.slice(i, i + 1000))
        .execute()
      for (const r of rows) inOrg.set(r.id, r)
    }
    const owner = inOrg.get(input.groupOwnerId)
    if (!owner) throw new DomainError('OWNER_NOT_MEMBER')
    const name = input.name?.trim() || defaultGroupName(owner.locale, owner.timezone, ctx.now)

    const membersResults: ItemResult[] = memberIds.map((id) => ({ _id: id, result: inOrg.has(id) ? 'SUCCESS' : 'MEMBER_NOT_FOUND' }))
    const rows = [
      { group_id: groupId, user_id: owner.id, role: 'owner' as GroupRole, created_at: now },
      ...memberIds
        .filter((id) => inOrg.has(id) && id !== owner.id)
        .map((id) => ({ group_id: groupId, user_id: id, role: input.memberIdsWithRoles[id] as GroupRole, created_at: now })),
    ]
    await trx
      .insertInto('groups')
      .values({
        id: groupId,
        organization_id: organizationId,
        name,
        kind: input.kind,
        owner_id: owner.id,
        active: 1,
        member_count: rows.length,
        latest_activity_at: null,
        created_at: now,
      })
      .execute()
    // 4 columns per row: 500 rows stay well under the bound-parameter limits.
    for (let i = 0; i < rows.length; i += 500)
      await trx
        .insertInto('group_members')
        .values(rows.slice(i, i + 500))
        .execute()
    await createAlerts(
      trx,
      rows.map((r) => ({
        userId: r.user_id,
        template: 'group.member.added' as const,
        target: { type: 'group' as const, id: groupId },
        organizationId,
        actorId: actorOf(ctx).id,
        data: { groupName: name },
      })),
      ctx.now,
    )
    await recordAudit(
      { ...ctx, db: trx },
      {
        organizationId,
        action: input.kind === 'attendance' ? 'groups.create-attendance' : 'groups.create',
        items: [groupId],
        result: { members: tally([...membersResults, ...unresolved]) },
      },
    )
    const group: GroupListItem = {
      _id: groupId,
      name,
      kind: input.kind,
      created: now,
      active: true,
      owner: { _id: owner.id, name: owner.name, email: owner.email },
      memberCount: rows.length,
      latestActivity: null,
    }
    return { group, membersResults }
  })
}

/**
 * The screen's create form: owner and members given by email, resolved to members of the
 * organization in one query. An unknown owner address is OWNER_NOT_MEMBER; an unknown member
 * address fails that member (its result `_id` is the address) while the group is created.
 */
export async function createGroupWithMemberEmails(
  ctx: Ctx,
  organizationId: string,
  input: { name?: string; kind: GroupKind; ownerEmail: string; members: { email: string; role: MemberRole }[] },
) {
  await requireGroupCreation(ctx, organizationId, input.kind)
  const byEmail = await memberIdsByEmail(ctx, organizationId, [input.ownerEmail, ...input.members.map((m) => m.email)])
  const ownerId = byEmail.get(input.ownerEmail.toLowerCase())
  if (!ownerId) throw new DomainError('OWNER_NOT_MEMBER')
  const memberIdsWithRoles: Record<string, MemberRole> = {}
  const unknown: (ItemResult & { email: string })[] = []
  for (const m of input.members) {
    const id = byEmail.get(m.email.toLowerCase())
    if (id) memberIdsWithRoles[id] = m.role
    else unknown.push({ _id: m.email, email: m.email, result: 'MEMBER_NOT_FOUND' })
  }
  const { group, membersResults } = await createGroup(
    ctx,
    organizationId,
    { name: input.name, kind: input.kind, groupOwnerId: ownerId, memberIdsWithRoles },
    unknown,
  )
  const emailById = new Map([...byEmail].map(([email, id]) => [id, email]))
  return { group, membersResults: [...membersResults.map((r) => ({ ...r, email: emailById.get(r._id) ?? '' })), ...unknown] }
}
