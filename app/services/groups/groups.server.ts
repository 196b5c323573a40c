import { sql } from 'kysely'
import type { GroupKind } from '~/db/schema'
import { folded, searchPattern, swedish, swedishStored } from '~/db/collation'
import type { ListQuery, Page } from '~/utils/list-query'
import { requireOrgAdmin } from '../access.server'
import type { Tx } from '../bulk.server'
import type { Ctx } from '../context.server'
import type { GroupSort } from './groups.schemas'
import type { AnyExpressionBuilder } from '~/db/untyped'

/**
 * The groups of an organization, for its admins (spec section 2, "/organizations", and the group rows of spec
 * section 7). Every function starts with requireOrgAdmin; ids of another organization's groups
 * fail per item as GROUP_NOT_FOUND. Bulk actions run through runBulk (bulk.server.ts).
 *
 * groups.member_count equals the group's group_members rows, kept so in the transaction of every
 * change of them: creating a group sets it to the rows inserted, an owner change recounts it
 * from group_members, and the other services adjust it by the rows they insert or delete
 * (removeMembers in member-removal.server.ts decrements it, redeeming a group invitation in
 * invitation-redemption.server.ts increments it).
 *
 * This module lists and looks up groups; the rest is beside it: group-statistics.server.ts,
 * group-bulk.server.ts (set active, delete), group-owners.server.ts (change owners) and
 * group-with-members.server.ts (create a group with its members).
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
export const selectGroups = (db: Tx, organizationId: string) => groupsWithOwners(db, organizationId).select(GROUP_COLUMNS)

export type GroupRow = {
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

export const toGroup = (r: GroupRow): GroupListItem => ({
  _id: r.id,
  name: r.name,
  kind: r.kind,
  created: r.created_at,
  active: Number(r.active) === 1,
  owner: { _id: r.owner_id, name: r.owner_name, email: r.owner_email },
  memberCount: Number(r.member_count),
  latestActivity: r.latest_activity_at,
})

export const uniq = (ids: string[]) => [...new Set(ids)]

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
const listFilters = (query: Pick<GroupListQuery, 'active' | 'kind'>) => (eb: AnyExpressionBuilder) =>
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
  const pattern = sql<string>`${searchPattern(query.q)} escape '\\'`
  return groupsWithOwners(db, organizationId)
    .where(listFilters(query))
    .$if(!!query.q, (qb) =>
      qb.where((eb) =>
        eb.or([
          eb(folded(db, 'g.name'), 'like', pattern),
          eb(folded(db, 'u.name'), 'like', pattern),
          eb(folded(db, 'u.email'), 'like', pattern),
        ]),
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
