import { sql, type SqlBool } from 'kysely'
import { batches } from '~/db/batches'
import type { DB } from '~/db/db.server'
import { folded, searchPattern, LAST_SEEN_KEY, swedishStored } from '~/db/collation'
import type { ListQuery, Page } from '~/utils/list-query'
import { requireOrgAdmin } from '../access.server'
import { uniqueIds, type Tx } from '../bulk.server'
import { actorOf, type Ctx } from '../context.server'
import type { MemberSort } from './members.schemas'

/*
 * An organization's members: the list screen's page and "select all", and the look-ups the other
 * member services share. The API's stream of every member: member-batches.server.ts; the CSV
 * export: member-csv.server.ts; removing members: member-removal.server.ts; giving and taking the
 * right to create groups: group-creators.server.ts.
 */

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

export type MemberQuery = ListQuery<MemberSort> & { groupCreatorsOnly?: boolean }

/** Audit actions recorded by this service (the home screen translates them). */
export const MEMBER_AUDIT = {
  remove: 'members.remove',
  addGroupCreators: 'groupCreators.add',
  removeGroupCreators: 'groupCreators.remove',
  endSessions: 'members.endSessions',
} as const

/**
 * Members of the organization, filtered by the search and flags. organization_members holds a
 * copy of each user's name, email and last request (migration 005), so lists need no other table.
 */
function filtered(db: DB, organizationId: string, query: Pick<MemberQuery, 'q' | 'groupCreatorsOnly'>) {
  const pattern = query.q ? searchPattern(query.q) : null
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

export function selectMembers(db: DB, organizationId: string, query: Pick<MemberQuery, 'q' | 'groupCreatorsOnly' | 'sort' | 'dir'>) {
  return filtered(db, organizationId, query)
    .select([
      'm.user_id as id',
      'm.name',
      'm.email',
      'm.created_at',
      'm.last_request_at',
      'm.role',
      'm.is_group_creator',
      'm.may_create_attendance',
    ])
    .orderBy(sortKey(db, query.sort, query.dir), query.dir)
    .orderBy('m.user_id', query.dir)
}

export type MemberRow = {
  id: string
  name: string
  email: string
  created_at: string
  last_request_at: string | null
  role: string
  is_group_creator: number
  may_create_attendance: number
}

export const toMember = (r: MemberRow): Member => ({
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
 * One page of members: search (name or email), sort and page from the URL. Whatever the sort, an
 * unfiltered page reads the organization's member index in order and stops after the page, so its
 * cost does not grow with other organizations; its total is the organization's own count (kept by
 * triggers, migration 021). A search or filter counts its matches.
 */
export async function listMembers(ctx: Ctx, organizationId: string, query: MemberQuery): Promise<Page<Member>> {
  const organization = await requireOrgAdmin(ctx, organizationId)
  const unfiltered = !query.q && !query.groupCreatorsOnly
  const [rows, total] = await Promise.all([
    selectMembers(ctx.db, organizationId, query)
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize)
      .execute(),
    unfiltered
      ? organization.member_count
      : filtered(ctx.db, organizationId, query)
          .select((eb) => eb.fn.countAll().as('total'))
          .executeTakeFirstOrThrow()
          .then((r) => r.total),
  ])
  return { items: rows.map(toMember), total: Number(total), page: query.page, pageSize: query.pageSize }
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

/** The requested members that belong to this organization, in one query per 500 ids. */
export async function loadMembers(ctx: Ctx, organizationId: string, ids: string[]) {
  const found = new Map<string, { role: string; isGroupCreator: boolean }>()
  for (const part of batches(ids)) {
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

/**
 * The organization's members with these email addresses: a map from the (lower-case) address to
 * the user id, in one query per 500 addresses. Addresses of people outside the organization are
 * absent. It checks no access: for services that have checked the actor already.
 */
export async function memberIdsByEmail(ctx: Ctx, organizationId: string, emails: string[]) {
  const wanted = uniqueIds(emails.map((e) => e.trim().toLowerCase()))
  const byEmail = new Map<string, string>()
  for (const part of batches(wanted)) {
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
