import { sql, type SqlBool } from 'kysely'
import type { DB } from '~/db/db.server'
import { swedish, swedishStored } from '~/db/collation'
import { DomainError } from '~/errors'
import { requireOrgAdmin } from '../access.server'
import type { Ctx } from '../context.server'
import { selectMembers, toMember, type Member, type MemberRow } from './members.server'

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
    .$if(after !== null, (qb) =>
      qb.where(sql<SqlBool>`(${key}, ${sql.ref('m.user_id')}) > (${swedish(db, sql`${after![0]}`)}, ${after![1]})`),
    )
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
