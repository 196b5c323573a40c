import { sql, type Compilable, type ExpressionBuilder, type Kysely, type SqlBool } from 'kysely'
import type { DB } from '~/db/db.server'
import type { Database } from '~/db/schema'
import { folded, LAST_SEEN_KEY, swedish, swedishStored } from '~/db/collation'
import { DomainError } from '~/errors'
import { csvDateTime, csvDocument, type CsvFormat } from '~/utils/csv'
import { likePattern, type ListQuery, type Page } from '~/utils/list-query'
import { requireActiveOrgAdmin, requireOrgAdmin } from './access.server'
import type { ItemResult } from './audit.server'
import { lockOrganization, runBulk, uniqueIds, type Tx } from './bulk.server'
import { createAlerts } from './alerts.server'
import { actorOf, type Ctx } from './context.server'
import type { MemberSort } from './members.schemas'

/** An organization member as the member screens show it. `_id` is the user's id. */
export interface Member {
  _id: string
  name: string
  email: string
  /** When the user joined the organization. */
  created: string
  lastRequest: string | null
  isAdmin: boolean
  isGroupCreator: boolean
  /** May create attendance groups (admins always may; see group-creation.server.ts). */
  mayCreateAttendance: boolean
}

export { MEMBER_SORTS, type MemberSort } from './members.schemas'
export type MemberQuery = ListQuery<MemberSort> & { groupCreatorsOnly?: boolean }

/** Audit actions recorded by this service (the home screen translates them). */
export const MEMBER_AUDIT = {
  remove: 'members.remove',
  addGroupCreators: 'groupCreators.add',
  removeGroupCreators: 'groupCreators.remove',
} as const

/** Bound parameters per `in (...)` list: far below SQLite's and PostgreSQL's limits. */
const CHUNK = 500

const chunks = <T>(items: T[]) => Array.from({ length: Math.ceil(items.length / CHUNK) }, (_, i) => items.slice(i * CHUNK, (i + 1) * CHUNK))

/**
 * Members of the organization, filtered by the search and flags. organization_members holds a
 * copy of each user's name, email and last request (migration 005), so lists need no other table.
 */
function filtered(db: DB, organizationId: string, query: Pick<MemberQuery, 'q' | 'groupCreatorsOnly'>) {
  const pattern = query.q ? likePattern(query.q) : null
  return db
    .selectFrom('organization_members as m')
    .where('m.organization_id', '=', organizationId)
    .$if(pattern !== null, (qb) =>
      qb.where((eb) =>
        eb.or([
          sql<SqlBool>`${folded(db, 'm.name')} like ${pattern} escape '\\'`,
          sql<SqlBool>`${folded(db, 'm.email')} like ${pattern} escape '\\'`,
        ]),
      ),
    )
    .$if(!!query.groupCreatorsOnly, (qb) => qb.where('m.is_group_creator', '=', 1))
}

/**
 * The key of each sort, then the user id: the columns of the organization's member indexes
 * (migration 005), so a page reads the index in order and stops after it. Names and emails in
 * Swedish order; never-seen members last in both directions.
 */
function sortKey(db: DB, sort: MemberSort, dir: 'asc' | 'desc') {
  if (sort === 'name') return swedishStored(db, 'm.name')
  if (sort === 'email') return swedishStored(db, 'm.email')
  if (sort === 'created') return sql.ref('m.created_at')
  return sql.raw(LAST_SEEN_KEY[dir]('"m"."last_request_at"'))
}

function selectMembers(db: DB, organizationId: string, query: Pick<MemberQuery, 'q' | 'groupCreatorsOnly' | 'sort' | 'dir'>) {
  return filtered(db, organizationId, query)
    .select(['m.user_id as id', 'm.name', 'm.email', 'm.created_at', 'm.last_request_at', 'm.role', 'm.is_group_creator', 'm.may_create_attendance'])
    .orderBy(sortKey(db, query.sort, query.dir), query.dir)
    .orderBy('m.user_id', query.dir)
}

type MemberRow = {
  id: string
  name: string
  email: string
  created_at: string
  last_request_at: string | null
  role: string
  is_group_creator: number
  may_create_attendance: number
}

const toMember = (r: MemberRow): Member => ({
  _id: r.id,
  name: r.name,
  email: r.email,
  created: r.created_at,
  lastRequest: r.last_request_at,
  isAdmin: r.role === 'admin',
  isGroupCreator: Number(r.is_group_creator) === 1,
  mayCreateAttendance: r.role === 'admin' || (Number(r.is_group_creator) === 1 && Number(r.may_create_attendance) === 1),
})

/**
 * One page of members: search (name or email), sort and page from the URL; two queries. Whatever
 * the sort, an unfiltered page reads the organization's member index in order and stops after the
 * page, so its cost does not grow with other organizations.
 */
export async function listMembers(ctx: Ctx, organizationId: string, query: MemberQuery): Promise<Page<Member>> {
  await requireOrgAdmin(ctx, organizationId)
  const [rows, [{ total }]] = await Promise.all([
    selectMembers(ctx.db, organizationId, query)
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize)
      .execute(),
    filtered(ctx.db, organizationId, query)
      .select((eb) => eb.fn.countAll().as('total'))
      .execute(),
  ])
  return { items: rows.map(toMember), total: Number(total), page: query.page, pageSize: query.pageSize }
}

/** A member in the API's shape: the Organization member of the specification (`lastRequest` only when known). */
export type ApiMember = Omit<Member, 'lastRequest' | 'mayCreateAttendance'> & { lastRequest?: string }

const toApiMember = (r: MemberRow): ApiMember => {
  const { lastRequest, mayCreateAttendance, ...member } = toMember(r)
  return lastRequest ? { ...member, lastRequest } : member
}

/** Members per query when the whole list is read (the API's stream, listAllMembers). */
export const MEMBER_BATCH = 500

/** The API's opaque cursor: the name and id of the last member answered. */
const encodeCursor = (r: Pick<MemberRow, 'name' | 'id'>) => Buffer.from(JSON.stringify([r.name, r.id])).toString('base64url')

function decodeCursor(cursor: string): [name: string, id: string] {
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'))
    if (Array.isArray(value) && value.length === 2 && value.every((v) => typeof v === 'string')) return value as [string, string]
  } catch {
    // answered below
  }
  throw new DomainError('BAD_REQUEST', { errors: { cursor: ['validation.cursor'] } })
}

/**
 * Up to `limit` members by name after the cursor's member (keyset pagination on the name index:
 * each batch costs the same wherever it starts), and the cursor of the last one.
 */
async function membersAfter(db: DB, organizationId: string, after: [string, string] | null, limit: number) {
  const key = swedishStored(db, 'm.name')
  return selectMembers(db, organizationId, { q: '', sort: 'name', dir: 'asc' })
    .$if(after !== null, (qb) => qb.where(sql<SqlBool>`(${key}, ${sql.ref('m.user_id')}) > (${swedish(db, sql`${after![0]}`)}, ${after![1]})`))
    .limit(limit)
    .execute()
}

/**
 * The organization's members by name for GET /api/v1/organizations/{id}/members, in batches of
 * MEMBER_BATCH read one after another (keyset pagination: constant memory however many there are).
 * The access check and the cursor are checked at once, before the first batch is asked for; with
 * `limit`, at most that many members, and `nextCursor()` tells where the next page starts.
 */
export async function memberBatches(ctx: Ctx, organizationId: string, options: { cursor?: string; limit?: number } = {}) {
  await requireOrgAdmin(ctx, organizationId)
  let after = options.cursor ? decodeCursor(options.cursor) : null
  let left = options.limit ?? Infinity
  let more = true
  async function* batches(): AsyncGenerator<ApiMember[]> {
    while (more && left > 0) {
      const want = Math.min(MEMBER_BATCH, left)
      // One more than wanted when this batch ends a page: tells whether there is a next one.
      const endsPage = want === left
      const rows = await membersAfter(ctx.db, organizationId, after, endsPage ? want + 1 : want)
      const page = rows.slice(0, want)
      more = endsPage ? rows.length > want : page.length === want
      if (page.length > 0) after = [page[page.length - 1].name, page[page.length - 1].id]
      left -= page.length
      if (page.length > 0) yield page.map(toApiMember)
    }
  }
  return {
    batches: batches(),
    /** After the batches are read: the cursor of the next page, or null at the end of the list. */
    nextCursor: () => (more && after ? encodeCursor({ name: after[0], id: after[1] }) : null),
  }
}

/**
 * Every member, by name: the Organization member of the specification (`_id`, `created`,
 * `lastRequest` only when known) with name, email and flags.
 */
export async function listAllMembers(ctx: Ctx, organizationId: string): Promise<ApiMember[]> {
  const { batches } = await memberBatches(ctx, organizationId)
  const all: ApiMember[] = []
  for await (const batch of batches) all.push(...batch)
  return all
}

/**
 * The ids of every member the search matches ("select all N matching" of a bulk form), oldest
 * membership first; the bulk services check each one again. `forRemoval` leaves out the acting
 * admin: removing everyone who matches never removes the admin doing it.
 */
export async function memberIdsMatching(
  ctx: Ctx,
  organizationId: string,
  query: Pick<MemberQuery, 'q' | 'groupCreatorsOnly'>,
  { forRemoval = false } = {},
) {
  const actor = actorOf(ctx)
  await requireOrgAdmin(ctx, organizationId)
  const rows = await filtered(ctx.db, organizationId, query)
    .select('m.user_id')
    .$if(forRemoval, (qb) => qb.where('m.user_id', '!=', actor.id))
    .orderBy('m.created_at')
    .orderBy('m.user_id')
    .execute()
  return rows.map((r) => r.user_id)
}

/** Column titles and yes/no words of the CSV; the route passes translated ones. */
export interface MembersCsvLabels {
  headers: [name: string, email: string, created: string, lastRequest: string, admin: string, groupCreator: string]
  yes: string
  no: string
}
const DEFAULT_CSV_LABELS: MembersCsvLabels = {
  headers: ['name', 'email', 'created', 'lastRequest', 'isAdmin', 'isGroupCreator'],
  yes: 'true',
  no: 'false',
}

/**
 * The members matching the list's search and sort, all pages, as CSV (app/utils/csv.ts): the
 * delimiter of the user's language, times as local times in the user's timezone.
 */
export async function exportMembersCsv(
  ctx: Ctx,
  organizationId: string,
  query: Pick<MemberQuery, 'q' | 'sort' | 'dir' | 'groupCreatorsOnly'>,
  labels: MembersCsvLabels = DEFAULT_CSV_LABELS,
  format: CsvFormat = { delimiter: ',', timeZone: 'UTC' },
): Promise<string> {
  await requireOrgAdmin(ctx, organizationId)
  const rows = await selectMembers(ctx.db, organizationId, query).execute()
  const flag = (v: boolean) => (v ? labels.yes : labels.no)
  const time = (v: string | null) => csvDateTime(v, format.timeZone)
  return csvDocument(
    [
      [...labels.headers],
      ...rows.map(toMember).map((m) => [m.name, m.email, time(m.created), time(m.lastRequest), flag(m.isAdmin), flag(m.isGroupCreator)]),
    ],
    format,
  )
}

/** The requested members that belong to this organization, in one query per 500 ids. */
async function loadMembers(ctx: Ctx, organizationId: string, ids: string[]) {
  const found = new Map<string, { role: string; isGroupCreator: boolean }>()
  for (const part of chunks(ids)) {
    const rows = await ctx.db
      .selectFrom('organization_members')
      .select(['user_id', 'role', 'is_group_creator'])
      .where('organization_id', '=', organizationId)
      .where('user_id', 'in', part)
      .execute()
    for (const r of rows) found.set(r.user_id, { role: r.role, isGroupCreator: Number(r.is_group_creator) === 1 })
  }
  return found
}

/** Which of the users own a group of the organization (a group always keeps its owner). */
async function groupOwners(ctx: Ctx, organizationId: string, ids: string[]) {
  const owners = new Set<string>()
  for (const part of chunks(ids)) {
    const rows = await ctx.db
      .selectFrom('groups')
      .select('owner_id')
      .distinct()
      .where('organization_id', '=', organizationId)
      .where('owner_id', 'in', part)
      .execute()
    for (const r of rows) owners.add(r.owner_id)
  }
  return owners
}

/**
 * A group_members row of one of the organization's groups. Written as a correlated `exists` so
 * SQLite reads the rows of the users (group_members_user) and checks each group, instead of
 * probing every group of the organization for every user (`group_id in (select …)`: 500,000
 * probes for 500 users and 1,000 groups).
 */
const inOrganizationGroup =
  (organizationId: string) =>
  ({ exists, selectFrom }: ExpressionBuilder<Database, 'group_members'>) =>
    exists(selectFrom('groups as g').select('g.id').whereRef('g.id', '=', 'group_members.group_id').where('g.organization_id', '=', organizationId))

const PLACEHOLDER = '\u0000item-id'

/**
 * A per-item statement compiled once and run with each item's id in place of a placeholder:
 * building and compiling a Kysely query costs several times more than running it on SQLite, and a
 * bulk action over 1,000 items must stay well under a second.
 */
function prepared<R>(build: (id: string) => Compilable<R>) {
  const compiled = build(PLACEHOLDER).compile()
  return (executor: Kysely<Database>, id: string) =>
    executor.executeQuery<R>({ ...compiled, parameters: compiled.parameters.map((p) => (p === PLACEHOLDER ? id : p)) })
}

/**
 * Removes members from the organization and from its groups (member_count kept right).
 * Per item: MEMBER_NOT_FOUND (not a member of this organization), IS_GROUP_OWNER (owns a group of
 * it: change the owner first), LAST_ADMIN (the organization would have no admin left), or SUCCESS.
 * Up to BULK_BATCH items share a transaction (removeBatch); the checks are repeated inside it,
 * under the organization's lock, so a concurrent change cannot leave a group without its owner or
 * the organization without an admin.
 */
export async function removeMembers(ctx: Ctx, organizationId: string, memberIds: string[]): Promise<ItemResult[]> {
  await requireOrgAdmin(ctx, organizationId)
  const ids = uniqueIds(memberIds)
  const members = await loadMembers(ctx, organizationId, ids)
  const owners = await groupOwners(ctx, organizationId, [...members.keys()])
  // The membership goes unless the user owns a group of the organization.
  const deleteMember = prepared((id) =>
    ctx.db
      .deleteFrom('organization_members')
      .where('organization_id', '=', organizationId)
      .where('user_id', '=', id)
      .where(({ not, exists, selectFrom }) =>
        not(exists(selectFrom('groups').select('id').where('organization_id', '=', organizationId).where('owner_id', '=', id))),
      ),
  )
  // Group memberships in this organization's groups (not in other organizations' groups).
  const deleteGroupMemberships = prepared((id) =>
    ctx.db
      .deleteFrom('group_members')
      .where('user_id', '=', id)
      .where(inOrganizationGroup(organizationId))
      .returning('group_id'),
  )
  const decrementGroup = prepared((groupId) =>
    ctx.db
      .updateTable('groups')
      .set((eb) => ({ member_count: eb('member_count', '-', 1) }))
      .where('id', '=', groupId),
  )
  return runBulk(ctx, {
    organizationId,
    action: MEMBER_AUDIT.remove,
    items: ids,
    check: (id) => (!members.has(id) ? 'MEMBER_NOT_FOUND' : owners.has(id) ? 'IS_GROUP_OWNER' : undefined),
    item: async (trx, id) => {
      // Serialized with other admins' removals and owner changes: the admins counted and the
      // groups owned below are what is committed.
      await lockOrganization(trx, organizationId)
      if (members.get(id)!.role === 'admin') {
        const [{ admins }] = await trx
          .selectFrom('organization_members')
          .select((eb) => eb.fn.countAll().as('admins'))
          .where('organization_id', '=', organizationId)
          .where('role', '=', 'admin')
          .execute()
        if (Number(admins) <= 1) return 'LAST_ADMIN'
      }
      const deleted = await deleteMember(trx, id)
      if (Number(deleted.numAffectedRows ?? 0) === 0) {
        const owns = await trx
          .selectFrom('groups')
          .select('id')
          .where('organization_id', '=', organizationId)
          .where('owner_id', '=', id)
          .executeTakeFirst()
        return owns ? 'IS_GROUP_OWNER' : 'MEMBER_NOT_FOUND'
      }
      // Exactly the groups whose rows went lose one from their member_count.
      for (const { group_id } of (await deleteGroupMemberships(trx, id)).rows) await decrementGroup(trx, group_id)
      return 'SUCCESS'
    },
    batch: (trx, batch) => removeBatch(trx, organizationId, batch),
  })
}

/**
 * removeMembers' items (at most BULK_BATCH) in one transaction, a few statements whatever their
 * number: the same checks and outcomes as one item after another, in the order asked.
 */
async function removeBatch(trx: Tx, organizationId: string, ids: string[]) {
  await lockOrganization(trx, organizationId)
  const [current, owning] = await Promise.all([
    trx
      .selectFrom('organization_members')
      .select(['user_id', 'role'])
      .where('organization_id', '=', organizationId)
      .where('user_id', 'in', ids)
      .execute(),
    trx.selectFrom('groups').select('owner_id').distinct().where('organization_id', '=', organizationId).where('owner_id', 'in', ids).execute(),
  ])
  const roles = new Map(current.map((r) => [r.user_id, r.role]))
  const owners = new Set(owning.map((r) => r.owner_id))
  let admins = Infinity
  if (ids.some((id) => roles.get(id) === 'admin')) {
    const [{ n }] = await trx
      .selectFrom('organization_members')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('organization_id', '=', organizationId)
      .where('role', '=', 'admin')
      .execute()
    admins = Number(n)
  }
  const outcomes = ids.map((id) => {
    if (!roles.has(id)) return 'MEMBER_NOT_FOUND'
    if (owners.has(id)) return 'IS_GROUP_OWNER'
    if (roles.get(id) === 'admin') {
      if (admins <= 1) return 'LAST_ADMIN'
      admins--
    }
    return 'SUCCESS'
  })
  const removed = ids.filter((_, i) => outcomes[i] === 'SUCCESS')
  if (removed.length === 0) return outcomes
  // Group memberships in this organization's groups; each group loses as many as went.
  const left = await trx
    .deleteFrom('group_members')
    .where('user_id', 'in', removed)
    .where(inOrganizationGroup(organizationId))
    .returning('group_id')
    .execute()
  const lostByGroup = new Map<string, number>()
  for (const { group_id } of left) lostByGroup.set(group_id, (lostByGroup.get(group_id) ?? 0) + 1)
  // One update per distinct loss (most groups lose 1 or 2), each over at most CHUNK groups.
  const groupsByLoss = new Map<number, string[]>()
  for (const [groupId, lost] of lostByGroup) groupsByLoss.set(lost, [...(groupsByLoss.get(lost) ?? []), groupId])
  for (const [lost, groupIds] of groupsByLoss) {
    for (const part of chunks(groupIds)) {
      await trx
        .updateTable('groups')
        .set((eb) => ({ member_count: eb('member_count', '-', lost) }))
        .where('id', 'in', part)
        .execute()
    }
  }
  await trx.deleteFrom('organization_members').where('organization_id', '=', organizationId).where('user_id', 'in', removed).execute()
  return outcomes
}

/** Sets the group-creator flag of members to `value`; an item already at `value` is reported. */
async function setGroupCreator(ctx: Ctx, organizationId: string, memberIds: string[], value: boolean) {
  // The right to create groups is not given in an inactive organization (it may be taken away).
  const organization = await (value ? requireActiveOrgAdmin : requireOrgAdmin)(ctx, organizationId)
  const ids = uniqueIds(memberIds)
  const members = await loadMembers(ctx, organizationId, ids)
  const wrongState = value ? 'ALREADY_GROUP_CREATOR' : 'NOT_GROUP_CREATOR'
  // Losing the right to create groups takes the attendance permission with it.
  const change = value ? { is_group_creator: 1 } : { is_group_creator: 0, may_create_attendance: 0 }
  // A new group creator hears of it (organization.groupCreator.added), in the change's transaction.
  const alertNew = (trx: Tx, userIds: string[]) =>
    value
      ? createAlerts(
          trx,
          userIds.map((userId) => ({
            userId,
            template: 'organization.groupCreator.added' as const,
            target: { type: 'organization' as const, id: organizationId },
            organizationId,
            actorId: actorOf(ctx).id,
            data: { organizationName: organization.name },
          })),
          ctx.now,
        )
      : Promise.resolve(0)
  // Conditional on the current flag, so a concurrent change is reported, not repeated.
  const update = prepared((id) =>
    ctx.db
      .updateTable('organization_members')
      .set(change)
      .where('organization_id', '=', organizationId)
      .where('user_id', '=', id)
      .where('is_group_creator', '=', value ? 0 : 1),
  )
  return runBulk(ctx, {
    organizationId,
    action: value ? MEMBER_AUDIT.addGroupCreators : MEMBER_AUDIT.removeGroupCreators,
    items: ids,
    check: (id) => {
      const member = members.get(id)
      if (!member) return 'MEMBER_NOT_FOUND'
      return member.isGroupCreator === value ? wrongState : undefined
    },
    item: async (trx, id) => {
      const updated = await update(trx, id)
      if (Number(updated.numAffectedRows ?? 0) === 1) {
        await alertNew(trx, [id])
        return 'SUCCESS'
      }
      const still = await trx
        .selectFrom('organization_members')
        .select('user_id')
        .where('organization_id', '=', organizationId)
        .where('user_id', '=', id)
        .executeTakeFirst()
      return still ? wrongState : 'MEMBER_NOT_FOUND'
    },
    // Many at once: one conditional update, then why the others were not changed.
    batch: async (trx, batch) => {
      const changed = await trx
        .updateTable('organization_members')
        .set(change)
        .where('organization_id', '=', organizationId)
        .where('user_id', 'in', batch)
        .where('is_group_creator', '=', value ? 0 : 1)
        .returning('user_id')
        .execute()
      const done = new Set(changed.map((r) => r.user_id))
      await alertNew(trx, [...done])
      const rest = batch.filter((id) => !done.has(id))
      const still = new Set(
        rest.length === 0
          ? []
          : (
              await trx
                .selectFrom('organization_members')
                .select('user_id')
                .where('organization_id', '=', organizationId)
                .where('user_id', 'in', rest)
                .execute()
            ).map((r) => r.user_id),
      )
      return batch.map((id) => (done.has(id) ? 'SUCCESS' : still.has(id) ? wrongState : 'MEMBER_NOT_FOUND'))
    },
  })
}

/**
 * Makes members group creators: MEMBER_NOT_FOUND, ALREADY_GROUP_CREATOR or SUCCESS per item; not
 * in an inactive organization (ORGANIZATION_INACTIVE).
 */
export const addGroupCreators = (ctx: Ctx, organizationId: string, memberIds: string[]) =>
  setGroupCreator(ctx, organizationId, memberIds, true)

/** Takes the group-creator right away: MEMBER_NOT_FOUND, NOT_GROUP_CREATOR or SUCCESS per item. */
export const removeGroupCreators = (ctx: Ctx, organizationId: string, memberIds: string[]) =>
  setGroupCreator(ctx, organizationId, memberIds, false)

/**
 * The organization's members with these email addresses: a map from the (lower-case) address to
 * the user id, in one query per 500 addresses. Addresses of people outside the organization are
 * absent. It checks no access: for services that have checked the actor already.
 */
export async function memberIdsByEmail(ctx: Ctx, organizationId: string, emails: string[]) {
  const wanted = uniqueIds(emails.map((e) => e.trim().toLowerCase()))
  const byEmail = new Map<string, string>()
  for (const part of chunks(wanted)) {
    const rows = await ctx.db
      .selectFrom('organization_members as m')
      .innerJoin('users as u', 'u.id', 'm.user_id')
      .select(['u.id', 'u.email'])
      .where('m.organization_id', '=', organizationId)
      .where('u.email', 'in', part)
      .execute()
    for (const r of rows) byEmail.set(r.email.toLowerCase(), r.id)
  }
  return byEmail
}

/** A per-item result of adding group creators by email: the address, and the member's id when found. */
export interface EmailItemResult extends ItemResult {
  email: string
}

/**
 * Makes the members with these email addresses group creators (the group-creators page's form).
 * An address that is not a member's is MEMBER_NOT_FOUND (its `_id` is the address); the others
 * get addGroupCreators' per-item result.
 */
export async function addGroupCreatorsByEmail(ctx: Ctx, organizationId: string, emails: string[]): Promise<EmailItemResult[]> {
  await requireActiveOrgAdmin(ctx, organizationId)
  const wanted = uniqueIds(emails.map((e) => e.trim().toLowerCase()))
  const idByEmail = await memberIdsByEmail(ctx, organizationId, wanted)
  const results = idByEmail.size > 0 ? await addGroupCreators(ctx, organizationId, [...idByEmail.values()]) : []
  const resultById = new Map(results.map((r) => [r._id, r.result]))
  return wanted.map((email) => {
    const id = idByEmail.get(email)
    return id ? { email, _id: id, result: resultById.get(id) ?? 'MEMBER_NOT_FOUND' } : { email, _id: email, result: 'MEMBER_NOT_FOUND' }
  })
}

/** Whether the user is (still) a member of the organization; pass a transaction to read inside it. */
export async function isMember(db: Tx, organizationId: string, userId: string) {
  const row = await db
    .selectFrom('organization_members')
    .select('user_id')
    .where('organization_id', '=', organizationId)
    .where('user_id', '=', userId)
    .executeTakeFirst()
  return !!row
}
