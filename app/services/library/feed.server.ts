import { sql, type RawBuilder } from 'kysely'
import { isPostgres, swedish, swedishStored } from '~/db/collation'
import type { DB } from '~/db/db.server'
import { DomainError } from '~/errors'
import { likePattern } from '~/utils/list-query'
import { actorOf, type Ctx } from '../context.server'
import { parseTags } from './access.server'
import { tagKey } from './search'
import type { FeedQuery, PackageAccess, PackageFeed, PackageListItem, ReceivedInvitation } from './types'
import type { AnySelectQuery } from '~/db/untyped'

/**
 * The package feed (spec section 2, "/library": the empty path): the packages the actor owns or that are shared with
 * them. The visible set is built from the actor's side, `packages_owner_*` and the feed indexes of
 * `package_collaborators` (their copies of visibility and sort fields, migration 019, ADR 016),
 * never by scanning every package or joining every shared one; drafts shared with a viewer are
 * left out (ADR 009).
 */

type Branch = AnySelectQuery

/** A search or filter counts its matches up to the next multiple of this past the page (ADR 016). */
export const FILTERED_COUNT_STEP = 200

/** Whether the query narrows the visible set by the packages' own fields (search, language, tag). */
const filteredFeed = (query: FeedQuery) => Boolean(query.q || query.language || query.tag)

/** One source of the visible set: its rows, the access it gives, its package id and sort keys. */
interface Source {
  from: Branch
  access: RawBuilder<PackageAccess>
  id: RawBuilder<string>
  key: RawBuilder<unknown>
}

/**
 * The packages the actor may see that the filters match, as one select per source: those they
 * own (index packages_owner_*) and those shared with them (package_collaborators_feed_*: the
 * visible ones, in the order of the copied sort field). The packages table is joined to the
 * shared rows only when a filter reads it; without filters each source is one index range.
 */
function sources(db: DB, userId: string, query: FeedQuery): Source[] {
  const search = searchCondition(db, query.q)
  const tagPattern = query.tag ? sql<string>`${likePattern(tagKey(query.tag))} escape '\\'` : null
  const filtered = (qb: Branch) =>
    qb
      .$if(!!query.language, (b) => b.where('p.language', '=', query.language!))
      .$if(!!tagPattern, (b) => b.where('p.tags_key', 'like', tagPattern!))
      .$if(!!query.q, (b) => b.where(search))
  const sort = query.sort
  const owned: Source = {
    from: filtered(db.selectFrom('packages as p').where('p.owner_id', '=', userId) as Branch),
    access: sql<PackageAccess>`'owner'`,
    id: sql.ref('p.id'),
    key: sort === 'name' ? swedishStored(db, 'p.name') : sql.ref(sort === 'created' ? 'p.created_at' : 'p.updated_at'),
  }
  const visible = db.selectFrom('package_collaborators as c').where('c.user_id', '=', userId).where('c.visible', '=', 1) as Branch
  const shared: Source = {
    from: filteredFeed(query) ? filtered(visible.innerJoin('packages as p', 'p.id', 'c.package_id')) : visible,
    access: sql<PackageAccess>`c.access`,
    id: sql.ref('c.package_id'),
    key:
      sort === 'name'
        ? isPostgres(db)
          ? swedish(db, 'c.package_name')
          : sql.ref('c.package_name_key')
        : sql.ref(sort === 'created' ? 'c.package_created_at' : 'c.package_updated_at'),
  }
  return query.scope === 'mine' ? [owned] : query.scope === 'shared' ? [shared] : [owned, shared]
}

/**
 * The search's condition on `p`: the lower-case text contains the query, as `LIKE '%q%'` always
 * meant. PostgreSQL serves that LIKE from the trigram index packages_search_trgm (migration 033).
 * SQLite: a query of at least TRIGRAM characters is looked up in the FTS5 trigram table
 * packages_search (a phrase: the characters as they are, none of them special), a shorter one,
 * which no trigram can serve, keeps the LIKE.
 */
export function searchCondition(db: DB, q: string): RawBuilder<boolean> {
  const text = q.toLowerCase()
  if (isPostgres(db) || [...text].length < TRIGRAM) return sql<boolean>`p.search_text like ${likePattern(q)} escape '\\'`
  return sql<boolean>`p.search_rowid in (select rowid from packages_search where packages_search match ${`"${text.replaceAll(
    '"',
    '""',
  )}"`})`
}

/** Characters of a trigram: the shortest query the trigram index serves. */
const TRIGRAM = 3

/** The selects, one per source, as one `union all`. */
const unionAll = <Q extends Branch>(selects: Q[]): Q => selects.slice(1).reduce((all, b) => all.unionAll(b) as Q, selects[0])

/** A page of the actor's packages (search, filters, sort) and their pending invitations. */
export async function packageFeed(ctx: Ctx, query: FeedQuery): Promise<PackageFeed> {
  const actor = actorOf(ctx)
  const parts = sources(ctx.db, actor.id, query)
  const [page, invitations] = await Promise.all([pageOf(ctx.db, parts, query), receivedBy(ctx.db, actor.email, 50)])
  // A page shorter than the page size that has rows (or is the first) is the last: it tells the
  // total, and nothing is counted.
  const last = page.length < query.pageSize && (page.length > 0 || query.page === 1)
  const [count, items] = await Promise.all([
    last ? { total: (query.page - 1) * query.pageSize + page.length, more: false } : countOf(ctx.db, parts, query),
    itemsOf(ctx.db, page),
  ])
  return { items, ...count, page: query.page, pageSize: query.pageSize, invitations }
}

/**
 * The page's ids and access, from a narrow sort of (access, id, key): the page is among the first
 * page × size rows of each source, so each source sorts and cuts its own along its index and the
 * union sorts at most that many of each, never the whole visible set.
 */
function pageOf(db: DB, parts: Source[], query: FeedQuery): Promise<{ id: string; access: PackageAccess }[]> {
  const dir = query.dir === 'asc' ? sql`asc` : sql`desc`
  const tops = parts.map((b) =>
    db
      .selectFrom(
        b.from
          .select([b.access.as('access'), b.id.as('id'), b.key.as('sort_key')])
          .orderBy(sql`${b.key} ${dir}`)
          .orderBy(sql`${b.id} ${dir}`)
          .limit(query.page * query.pageSize)
          .as('b'),
      )
      .selectAll(),
  )
  const union = unionAll(tops)
  // PostgreSQL: the union's column in the Swedish collation; SQLite: the stored key as it is.
  const orderKey = query.sort === 'name' && isPostgres(db) ? swedish(db, sql.ref('sort_key')) : sql.ref('sort_key')
  return db
    .selectFrom(union.as('v'))
    .select(['v.id', 'v.access'])
    .orderBy(sql`${orderKey} ${dir}`)
    .orderBy(sql`v.id ${dir}`)
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize)
    .execute() as Promise<{ id: string; access: PackageAccess }[]>
}

/**
 * How many packages the feed holds: exact without filters (index ranges only). A search or filter
 * reads each visible package's own fields, so its matches are counted only up to the next multiple
 * of FILTERED_COUNT_STEP past this page; past that, `more` (ADR 016).
 */
async function countOf(db: DB, parts: Source[], query: FeedQuery): Promise<{ total: number; more: boolean }> {
  const upTo = filteredFeed(query) ? (Math.floor((query.page * query.pageSize) / FILTERED_COUNT_STEP) + 1) * FILTERED_COUNT_STEP : null
  const ones = parts.map((b) => b.from.select(sql`1`.as('one')))
  const rows = unionAll(ones)
  const { total } = await db
    .selectFrom((upTo === null ? rows : rows.limit(upTo + 1)).as('n'))
    .select((eb) => eb.fn.countAll<number | string>().as('total'))
    .executeTakeFirstOrThrow()
  const more = upTo !== null && Number(total) > upTo
  return { total: more ? upTo : Number(total), more }
}

/** The cards of the page's packages, in the page's order. */
async function itemsOf(db: DB, page: { id: string; access: PackageAccess }[]): Promise<PackageListItem[]> {
  if (!page.length) return []
  const rows = await db
    .selectFrom('packages as p')
    .innerJoin('users as u', 'u.id', 'p.owner_id')
    .select([
      'p.id',
      'p.name',
      sql<string>`substr(p.description, 1, 301)`.as('description'),
      'p.language',
      'p.tags',
      'p.status',
      'u.id as owner_id',
      'u.name as owner_name',
      'p.role_count',
      'p.entity_count',
      'p.created_at',
      'p.updated_at',
    ])
    .where(
      'p.id',
      'in',
      page.map((r) => r.id),
    )
    .execute()
  const byId = new Map(rows.map((r) => [r.id, r]))
  return page.flatMap(({ id, access }) => {
    const r = byId.get(id)
    if (!r) return []
    return {
      id: r.id,
      name: r.name,
      // The feed shows the start of the description only.
      description: r.description.length > 300 ? `${r.description.slice(0, 300)}…` : r.description,
      language: r.language,
      tags: parseTags(r.tags),
      status: r.status,
      access,
      owner: { id: r.owner_id, name: r.owner_name },
      roleCount: Number(r.role_count),
      entityCount: Number(r.entity_count),
      createdAt: r.created_at,
      updatedAt: r.updated_at,
    }
  })
}

/** Pending invitations addressed to `email`, newest first. */
async function receivedBy(db: DB, email: string, limit: number): Promise<ReceivedInvitation[]> {
  const rows = await db
    .selectFrom('package_invitations as i')
    .innerJoin('packages as p', 'p.id', 'i.package_id')
    .leftJoin('users as u', 'u.id', 'i.invited_by')
    .select(['i.id', 'i.package_id', 'p.name as package_name', 'i.access', 'u.id as inviter_id', 'u.name as inviter_name', 'i.created_at'])
    .where('i.email', '=', email.toLowerCase())
    .where('i.status', '=', 'pending')
    .orderBy('i.created_at', 'desc')
    .orderBy('i.id', 'desc')
    .limit(limit)
    .execute()
  return rows.map((r) => ({
    id: r.id,
    packageId: r.package_id,
    packageName: r.package_name,
    access: r.access,
    invitedBy: r.inviter_id ? { id: r.inviter_id, name: r.inviter_name ?? '' } : null,
    createdAt: r.created_at,
  }))
}

/** The pending package invitations of user `userId`: only that user may list them (anyone else: NOT_FOUND). */
export async function receivedInvitations(ctx: Ctx, userId: string): Promise<ReceivedInvitation[]> {
  const actor = actorOf(ctx)
  if (actor.id !== userId) throw new DomainError('NOT_FOUND')
  return receivedBy(ctx.db, actor.email, 500)
}

/** How many package invitations wait for the user's answer (the header's count): one index lookup. */
export async function pendingPackageInvitationCount(db: DB, userId: string): Promise<number> {
  const row = await db
    .selectFrom('package_invitations as i')
    .innerJoin('users as u', 'u.email', 'i.email')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('u.id', '=', userId)
    .where('i.status', '=', 'pending')
    .executeTakeFirstOrThrow()
  return Number(row.n)
}
