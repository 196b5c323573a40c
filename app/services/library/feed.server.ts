import { sql, type RawBuilder, type SelectQueryBuilder } from 'kysely'
import { isPostgres, swedish, swedishStored } from '~/db/collation'
import type { DB } from '~/db/db.server'
import { DomainError } from '~/errors'
import { likePattern } from '~/utils/list-query'
import { actorOf, type Ctx } from '../context.server'
import { parseTags } from './access.server'
import { tagKey } from './search'
import type { FeedQuery, PackageAccess, PackageFeed, PackageListItem, ReceivedInvitation } from './types'

/**
 * The package feed (issue 11, screen 1): the packages the actor owns or that are shared with
 * them. The visible set is built from the actor's side, `packages_owner_*` and
 * `package_collaborators_user`, never by scanning every package; drafts shared with a viewer are
 * left out (ADR 009).
 */

type Branch = SelectQueryBuilder<any, any, any>

/**
 * The packages the actor may see that the filters match, as one select per source: those they
 * own (index packages_owner_*) and those shared with them (package_collaborators_user, drafts only
 * for editors). Each selects `id`, `access` and `sort_key`, so the page sorts and cuts the union
 * of both without joining anything else.
 */
function branches(db: DB, userId: string, query: FeedQuery): { from: Branch; access: RawBuilder<PackageAccess> }[] {
  const pattern = sql<string>`${likePattern(query.q)} escape '\\'`
  const tagPattern = query.tag ? sql<string>`${likePattern(tagKey(query.tag))} escape '\\'` : null
  const filtered = (qb: Branch) =>
    qb
      .$if(!!query.language, (b) => b.where('p.language', '=', query.language!))
      .$if(!!tagPattern, (b) => b.where('p.tags_key', 'like', tagPattern!))
      .$if(!!query.q, (b) => b.where('p.search_text', 'like', pattern))
  const owned = { from: filtered(db.selectFrom('packages as p').where('p.owner_id', '=', userId) as Branch), access: sql<PackageAccess>`'owner'` }
  const shared = {
    from: filtered(
      db
        .selectFrom('package_collaborators as c')
        .innerJoin('packages as p', 'p.id', 'c.package_id')
        .where('c.user_id', '=', userId)
        .where((eb) => eb.or([eb('p.status', '=', 'published'), eb('c.access', '=', 'edit')])) as Branch,
    ),
    access: sql<PackageAccess>`c.access`,
  }
  return query.scope === 'mine' ? [owned] : query.scope === 'shared' ? [shared] : [owned, shared]
}

/** The sort key a branch selects and orders by: names in Swedish order (SQLite's stored key, PostgreSQL's collation, as the owner indexes). */
const sortKeyOf = (db: DB, sort: FeedQuery['sort']) =>
  sort === 'name' ? swedishStored(db, 'p.name') : sort === 'created' ? sql`p.created_at` : sql`p.updated_at`

/** A page of the actor's packages (search, filters, sort) and their pending invitations. */
export async function packageFeed(ctx: Ctx, query: FeedQuery): Promise<PackageFeed> {
  const actor = actorOf(ctx)
  const db = ctx.db
  const dir = query.dir === 'asc' ? sql`asc` : sql`desc`
  const parts = branches(db, actor.id, query)
  const key = sortKeyOf(db, query.sort)
  // The page is among the first page × size rows of each branch: each branch sorts and cuts its
  // own (the owned one along its index), so the union sorts at most that many of each, not the
  // whole visible set.
  const firstRows = query.page * query.pageSize
  const tops = parts.map((b) =>
    db
      .selectFrom(
        b.from
          .select([b.access.as('access'), 'p.id', key.as('sort_key')])
          .orderBy(sql`${key} ${dir}`)
          .orderBy(sql`p.id ${dir}`)
          .limit(firstRows)
          .as('b'),
      )
      .selectAll(),
  )
  const union = tops.slice(1).reduce((all, b) => all.unionAll(b), tops[0])
  // PostgreSQL: the union's column in the Swedish collation; SQLite: the stored key as it is.
  const orderKey = query.sort === 'name' && isPostgres(db) ? swedish(db, sql.ref('sort_key')) : sql.ref('sort_key')
  // Two steps: the page's ids from a narrow sort (id, access, key), then the rows of those ids.
  const [page, counts, invitations] = await Promise.all([
    db
      .selectFrom(union.as('v'))
      .select(['v.id', 'v.access'])
      .orderBy(sql`${orderKey} ${dir}`)
      .orderBy(sql`v.id ${dir}`)
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize)
      .execute() as Promise<{ id: string; access: PackageAccess }[]>,
    Promise.all(parts.map((b) => b.from.select((eb: any) => eb.fn.countAll().as('total')).executeTakeFirstOrThrow() as Promise<{ total: number | string }>)),
    receivedBy(db, actor.email, 50),
  ])
  const count = { total: counts.reduce((n, c) => n + Number(c.total), 0) }
  const details = page.length
    ? await db
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
    : []
  const byId = new Map(details.map((d) => [d.id, d]))
  const rows = page.flatMap((r) => {
    const d = byId.get(r.id)
    return d ? [{ ...d, access: r.access }] : []
  })
  const items: PackageListItem[] = rows.map((r) => ({
    id: r.id,
    name: r.name,
    // The feed shows the start of the description only.
    description: r.description.length > 300 ? `${r.description.slice(0, 300)}…` : r.description,
    language: r.language,
    tags: parseTags(r.tags),
    status: r.status,
    access: r.access as PackageAccess,
    owner: { id: r.owner_id, name: r.owner_name },
    roleCount: Number(r.role_count),
    entityCount: Number(r.entity_count),
    createdAt: r.created_at,
    updatedAt: r.updated_at,
  }))
  return { items, total: Number(count.total), page: query.page, pageSize: query.pageSize, invitations }
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
