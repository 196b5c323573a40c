import { sql, type SelectQueryBuilder } from 'kysely'
import { folded, swedishStored } from '~/db/collation'
import type { DB } from '~/db/db.server'
import { DomainError } from '~/errors'
import { likePattern } from '~/utils/list-query'
import { actorOf, type Ctx } from '../context.server'
import { parseTags } from './access.server'
import type { FeedQuery, PackageAccess, PackageFeed, PackageListItem, ReceivedInvitation } from './types'

/**
 * The package feed (issue 11, screen 1): the packages the actor owns or that are shared with
 * them. The visible set is built from the actor's side, `packages_owner_*` and
 * `package_collaborators_user`, never by scanning every package; drafts shared with a viewer are
 * left out (ADR 009).
 */

/** The ids the actor may see, with their access (owner, or the collaborator row's). */
type Visible = SelectQueryBuilder<any, any, { package_id: string; access: PackageAccess }>
function visible(db: DB, userId: string, scope: FeedQuery['scope']): Visible {
  const owned = db
    .selectFrom('packages')
    .select(['id as package_id', sql<PackageAccess>`'owner'`.as('access')])
    .where('owner_id', '=', userId)
  const shared = db
    .selectFrom('package_collaborators as c')
    .innerJoin('packages as sp', 'sp.id', 'c.package_id')
    .select(['c.package_id', 'c.access'])
    .where('c.user_id', '=', userId)
    .where((eb) => eb.or([eb('sp.status', '=', 'published'), eb('c.access', '=', 'edit')]))
  if (scope === 'mine') return owned as Visible
  if (scope === 'shared') return shared as Visible
  return owned.unionAll(shared) as Visible
}

const sortOf = (db: DB, sort: FeedQuery['sort']) =>
  ({
    name: () => swedishStored(db, 'p.name'),
    created: () => sql`p.created_at`,
    updated: () => sql`p.updated_at`,
  })[sort]?.() ?? sql`p.updated_at`

/** A page of the actor's packages (search, filters, sort) and their pending invitations. */
export async function packageFeed(ctx: Ctx, query: FeedQuery): Promise<PackageFeed> {
  const actor = actorOf(ctx)
  const db = ctx.db
  const pattern = sql<string>`${likePattern(query.q)} escape '\\'`
  const tagPattern = query.tag ? sql<string>`${likePattern(JSON.stringify(query.tag.trim().toLowerCase()))} escape '\\'` : null
  const base = db
    .selectFrom(visible(db, actor.id, query.scope).as('v'))
    .innerJoin('packages as p', 'p.id', 'v.package_id')
    .$if(!!query.language, (qb) => qb.where('p.language', '=', query.language!))
    .$if(!!tagPattern, (qb) => qb.where(folded(db, 'p.tags'), 'like', tagPattern!))
    .$if(!!query.q, (qb) =>
      qb.where((eb) =>
        eb.or([
          eb(folded(db, 'p.name'), 'like', pattern),
          eb(folded(db, 'p.description'), 'like', pattern),
          eb(folded(db, 'p.tags'), 'like', pattern),
        ]),
      ),
    )
  const dir = query.dir === 'asc' ? sql`asc` : sql`desc`
  const [rows, count, invitations] = await Promise.all([
    base
      .innerJoin('users as u', 'u.id', 'p.owner_id')
      .select([
        'p.id',
        'p.name',
        'p.description',
        'p.language',
        'p.tags',
        'p.status',
        'v.access',
        'u.id as owner_id',
        'u.name as owner_name',
        'p.role_count',
        'p.entity_count',
        'p.created_at',
        'p.updated_at',
      ])
      .orderBy(sql`${sortOf(db, query.sort)} ${dir}`)
      .orderBy(sql`p.id ${dir}`)
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize)
      .execute(),
    base.select((eb) => eb.fn.countAll<number | string>().as('total')).executeTakeFirstOrThrow(),
    receivedBy(db, actor.email, 50),
  ])
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
