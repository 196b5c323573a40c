import { sql } from 'kysely'
import { folded, searchPattern, isPostgres, swedish, swedishStored, swedishCollator } from '~/db/collation'
import type { GroupRole } from '~/db/schema'
import type { ListQuery, Page } from '~/utils/list-query'
import type { Tx } from '../bulk.server'
import { actorOf, type Ctx } from '../context.server'
import { meetsPolicyOf } from '../two-step/strong-auth.server'
import { roleRank } from './group-access.server'
import { myRole, rightsOf, type MyRole } from './group-roles'
import type { MyGroupSort } from './my-groups.schemas'
import { batches } from '~/db/batches'
import type { AnyExpressionBuilder } from '~/db/untyped'

/**
 * The signed-in user's own groups: the `/groups` screen (one page at a time) and
 * `GET /api/v3/groups` (all of them, spec section 3 "Group"). One query shape for both: the
 * user's group_members rows (index group_members_user_group) joined with the group, its organization
 * and its owner; `my_role` comes from the role table (group-roles.ts). docs/groups.md.
 */

/** How many members `members_` lists per group in the API answer (see docs/groups.md). */
export const MEMBERS_PREVIEW_LIMIT = 20

export interface MyGroup {
  _id: string
  name: string
  created: string
  active: boolean
  owner: { _id: string; name: string; email: string }
  parent_org_: { _id: string; name: string; active: boolean }
  memberCount: number
  latestActivity: string | null
  my_role: MyRole
}

export type MyGroupsQuery = ListQuery<MyGroupSort> & { organizationId?: string; active?: boolean }

const COLUMNS = [
  'g.id',
  'g.name',
  'g.created_at',
  'g.active',
  'g.member_count',
  'g.latest_activity_at',
  'gm.role',
  'o.id as org_id',
  'o.name as org_name',
  'o.active as org_active',
  'u.id as owner_id',
  'u.name as owner_name',
  'u.email as owner_email',
] as const

/**
 * The actor's memberships joined with their groups, organizations and owners. CROSS JOIN keeps the
 * user's memberships (index group_members_user_group) the outer loop on SQLite, so the cost follows the
 * user's groups, never the size of an organization (a filter by organization would otherwise walk
 * all its groups by name); PostgreSQL plans it as the inner join it is.
 */
const myMemberships = (db: Tx, userId: string) =>
  db.selectFrom('group_members as gm').crossJoin('groups as g').whereRef('g.id', '=', 'gm.group_id').where('gm.user_id', '=', userId)

const myGroupRows = (db: Tx, userId: string) =>
  myMemberships(db, userId).innerJoin('organizations as o', 'o.id', 'g.organization_id').innerJoin('users as u', 'u.id', 'g.owner_id')

type Row = {
  id: string
  name: string
  created_at: string
  active: number
  member_count: number | string
  latest_activity_at: string | null
  role: GroupRole
  org_id: string
  org_name: string
  org_active: number
  owner_id: string
  owner_name: string
  owner_email: string
}

const toMyGroup = (r: Row): MyGroup => ({
  _id: r.id,
  name: r.name,
  created: r.created_at,
  active: Number(r.active) === 1,
  owner: { _id: r.owner_id, name: r.owner_name, email: r.owner_email },
  parent_org_: { _id: r.org_id, name: r.org_name, active: Number(r.org_active) === 1 },
  memberCount: Number(r.member_count),
  latestActivity: r.latest_activity_at,
  my_role: myRole(r.role),
})

/** The filters and search of the list on the joined rows. */
const filters = (db: Tx, query: Pick<MyGroupsQuery, 'q' | 'organizationId' | 'active'>) => (eb: AnyExpressionBuilder) =>
  eb.and([
    ...(query.organizationId ? [eb('g.organization_id', '=', query.organizationId)] : []),
    ...(query.active !== undefined ? [eb('g.active', '=', query.active ? 1 : 0)] : []),
    ...(query.q ? [eb(folded(db, 'g.name'), 'like', sql<string>`${searchPattern(query.q)} escape '\\'`)] : []),
  ])

/** Sort expressions; ties broken by the group's id so pages never overlap. */
const sortExpression = (db: Tx, sort: MyGroupSort) =>
  ({
    name: () => swedishStored(db, 'g.name'),
    organization: () => swedish(db, 'o.name'),
    owner: () => swedish(db, 'u.name'),
    role: () => roleRank,
    members: () => sql`g.member_count`,
    created: () => sql`g.created_at`,
  })[sort]()

/**
 * One page of the actor's groups (the /groups screen): search by group name, filter by
 * organization and active flag, sort, paginate. Two queries: the page and the total.
 */
export async function listMyGroups(ctx: Ctx, query: MyGroupsQuery): Promise<Page<MyGroup>> {
  const actor = actorOf(ctx)
  const dir = query.dir === 'desc' ? sql`desc` : sql`asc`
  const pageRows = myGroupRows(ctx.db, actor.id)
    .select(COLUMNS)
    .where(filters(ctx.db, query))
    .orderBy(sql`${sortExpression(ctx.db, query.sort)} ${dir}`)
    .orderBy(sql`g.id ${dir}`)
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize)
  const [rows, count] = await Promise.all([
    pageRows.execute(),
    myMemberships(ctx.db, actor.id)
      .where(filters(ctx.db, query))
      .select((eb) => eb.fn.countAll<number | string>().as('total'))
      .executeTakeFirstOrThrow(),
  ])
  return { items: rows.map((r) => toMyGroup(r as Row)), total: Number(count.total), page: query.page, pageSize: query.pageSize }
}

/** The organizations of the actor's groups, by name: the options of the list's organization filter. */
export async function myGroupOrganizations(ctx: Ctx): Promise<{ _id: string; name: string }[]> {
  const actor = actorOf(ctx)
  const rows = await ctx.db
    .selectFrom('group_members as gm')
    .innerJoin('groups as g', 'g.id', 'gm.group_id')
    .innerJoin('organizations as o', 'o.id', 'g.organization_id')
    .select(['o.id', 'o.name'])
    .distinct()
    .where('gm.user_id', '=', actor.id)
    .execute()
  return rows
    .map((r) => ({ _id: r.id, name: r.name }))
    .sort((a, b) => swedishCollator.compare(a.name, b.name) || a._id.localeCompare(b._id))
}

/** What `populate[]` of GET /api/v3/groups may ask for. */
export const POPULATABLE = ['parent_org_', 'owner'] as const
export type Populatable = (typeof POPULATABLE)[number]

/**
 * The populate[] parameters of a URL: `populate[0]=parent_org_&populate[1]=owner` (the client's
 * form), `populate[]=owner` or `populate=owner,parent_org_`; unknown names are ignored.
 */
export function populateOf(params: URLSearchParams): Populatable[] {
  const asked = [...params].filter(([key]) => /^populate(\[\d*\])?$/.test(key)).flatMap(([, value]) => value.split(','))
  return POPULATABLE.filter((name) => asked.includes(name))
}

/** A group of GET /api/v3/groups (spec section 3), `owner` and `parent_org_` ids unless populated. */
export interface ApiGroup {
  _id: string
  name: string
  created: string
  active: boolean
  /** Populated, the owner's `email` only where the actor sees members' emails (docs/group-roles.md). */
  owner: string | { _id: string; name: string; email?: string }
  parent_org_: string | MyGroup['parent_org_']
  members_: { user: string }[]
  memberCount: number
  my_role: MyRole
}

/**
 * GET /api/v3/groups: every group of the actor, by name, shaped as spec section 3. `members_`
 * lists at most MEMBERS_PREVIEW_LIMIT members of each group (the owner first, then by id) and
 * `memberCount` says how many there are: a user in 200 groups of 500 members would otherwise get
 * 100,000 entries (docs/groups.md). Two queries whatever the number of groups: the groups, and
 * each group's first members through one correlated, limited index scan per group.
 */
export async function myGroupsForApi(ctx: Ctx, populate: readonly Populatable[]): Promise<ApiGroup[]> {
  const actor = actorOf(ctx)
  const rows = (await myGroupRows(ctx.db, actor.id)
    .leftJoin('organization_members as om', (join) =>
      join.onRef('om.organization_id', '=', 'g.organization_id').on('om.user_id', '=', actor.id),
    )
    .select(COLUMNS)
    .select(['om.role as org_role', 'o.two_step_policy'])
    .orderBy(swedishStored(ctx.db, 'g.name'))
    .orderBy('g.id')
    .execute()) as (Row & { org_role: string | null; two_step_policy: string | null })[]
  // An admin's sight of the owners' emails passes the organization's two-step policy (docs/auth.md).
  const adminOf = new Map<string, boolean>()
  for (const r of rows)
    if (r.org_role === 'admin' && !adminOf.has(r.org_id))
      adminOf.set(r.org_id, await meetsPolicyOf(ctx, r, { role: 'admin', is_group_creator: 0 }))
  const previews = await memberPreviews(
    ctx.db,
    rows.map((r) => r.id),
  )
  return rows.map((r) => {
    const group = toMyGroup(r)
    return {
      _id: group._id,
      name: group.name,
      created: group.created,
      active: group.active,
      owner: populate.includes('owner') ? ownerAsSeenBy(group, adminOf.get(r.org_id) === true) : group.owner._id,
      parent_org_: populate.includes('parent_org_') ? group.parent_org_ : group.parent_org_._id,
      members_: [r.owner_id, ...(previews.get(r.id) ?? []).filter((id) => id !== r.owner_id)]
        .slice(0, MEMBERS_PREVIEW_LIMIT)
        .map((user) => ({ user })),
      memberCount: group.memberCount,
      my_role: group.my_role,
    }
  })
}

/** The group's owner with their email only if the actor sees members' emails: an owner or leader, or an admin of its organization. */
const ownerAsSeenBy = (group: MyGroup, isOrgAdmin: boolean) =>
  isOrgAdmin || rightsOf(group.my_role.name).seeMemberEmails ? group.owner : { _id: group.owner._id, name: group.owner.name }

/** The first MEMBERS_PREVIEW_LIMIT member ids (by id, the primary key's order) of each group. */
async function memberPreviews(db: Tx, groupIds: string[]) {
  const previews = new Map<string, string[]>()
  const concat = isPostgres(db) ? sql.raw('string_agg') : sql.raw('group_concat')
  for (const batch of batches(groupIds)) {
    const rows = await db
      .selectFrom('groups as g')
      .select([
        'g.id',
        sql<
          string | null
        >`(select ${concat}(p.user_id, ',') from (select x.user_id from group_members x where x.group_id = g.id order by x.user_id limit ${MEMBERS_PREVIEW_LIMIT}) p)`.as(
          'ids',
        ),
      ])
      .where('g.id', 'in', batch)
      .execute()
    for (const r of rows) previews.set(r.id, r.ids ? r.ids.split(',') : [])
  }
  return previews
}

/**
 * Whether the actor may create groups somewhere: an admin or group creator of an active
 * organization (the side menu's rule, menu.server.ts). One indexed look-up.
 */
export async function mayCreateGroups(ctx: Ctx): Promise<boolean> {
  const actor = actorOf(ctx)
  const row = await ctx.db
    .selectFrom('organization_members as m')
    .innerJoin('organizations as o', 'o.id', 'm.organization_id')
    .select('m.organization_id')
    .where('m.user_id', '=', actor.id)
    .where('o.active', '=', 1)
    .where((eb) => eb.or([eb('m.role', '=', 'admin'), eb('m.is_group_creator', '=', 1)]))
    .limit(1)
    .executeTakeFirst()
  return !!row
}
