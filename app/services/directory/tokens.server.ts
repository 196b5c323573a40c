import type { RateLimitPolicy } from '~/auth/rate-limit.server'
import { requireOrgAdmin } from '~/services/access.server'
import { recordAudit } from '~/services/audit.server'
import { actorOf, type Ctx } from '~/services/context.server'
import { env } from '~/env.server'
import { DomainError } from '~/errors'
import { listDirectoryErrors, type DirectoryErrorEntry } from './errors.server'
import { addSeconds, hashSecret, newId, newSecret, nowIso } from '~/utils/ids.server'

/**
 * An organization's directory tokens: the bearer secrets its directory (Entra ID, Google
 * Workspace) calls /scim/v2 with. The secret is shown once, when made; only its SHA-256 is kept
 * (as for sessions and emailed links). A token belongs to one organization: everything done with
 * it stays there.
 */

/** A token's secret starts with this, so a leaked one is recognizable (secret scanners, logs). */
export const TOKEN_PREFIX = 'scim_'

export interface DirectoryToken {
  id: string
  name: string
  created: string
  createdBy: string | null
  lastUsed: string | null
  revoked: string | null
  /** This token's requests among the organization's last errors, newest first (errors.server.ts). */
  lastErrors: Omit<DirectoryErrorEntry, 'tokenId'>[]
}

/** Makes a token for the organization (admins only); the answer is the only time the secret is seen. */
export async function createDirectoryToken(ctx: Ctx, organizationId: string, name: string) {
  await requireOrgAdmin(ctx, organizationId)
  const trimmed = name.trim()
  if (!trimmed || trimmed.length > 100) throw new DomainError('BAD_REQUEST', { errors: { name: ['validation.required'] } })
  const token = TOKEN_PREFIX + newSecret()
  const id = newId()
  await ctx.db.transaction().execute(async (trx) => {
    await trx
      .insertInto('directory_tokens')
      .values({
        id,
        organization_id: organizationId,
        name: trimmed,
        token_hash: hashSecret(token),
        created_at: nowIso(ctx.now),
        created_by: actorOf(ctx).id,
        last_used_at: null,
        revoked_at: null,
      })
      .execute()
    await recordAudit({ ...ctx, db: trx }, { organizationId, action: 'directory.tokens.create', items: [id], result: { SUCCESS: 1 } })
  })
  return { id, name: trimmed, token }
}

/** The organization's tokens, newest first, without their secrets, each with its last errors (admins only). */
export async function listDirectoryTokens(ctx: Ctx, organizationId: string): Promise<DirectoryToken[]> {
  const errors = await listDirectoryErrors(ctx, organizationId) // admins only
  const rows = await ctx.db
    .selectFrom('directory_tokens as t')
    .leftJoin('users as u', 'u.id', 't.created_by')
    .select(['t.id', 't.name', 't.created_at', 't.last_used_at', 't.revoked_at', 'u.name as creator'])
    .where('t.organization_id', '=', organizationId)
    .orderBy('t.created_at', 'desc')
    .orderBy('t.id', 'desc')
    .execute()
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    created: r.created_at,
    createdBy: r.creator,
    lastUsed: r.last_used_at,
    revoked: r.revoked_at,
    lastErrors: errors.filter((e) => e.tokenId === r.id).map(({ tokenId: _, ...e }) => e),
  }))
}

/** Revokes a token of the organization (admins only): its next request is 401. Unknown or other organization's: NOT_FOUND. */
export async function revokeDirectoryToken(ctx: Ctx, organizationId: string, tokenId: string) {
  await requireOrgAdmin(ctx, organizationId)
  await ctx.db.transaction().execute(async (trx) => {
    const updated = await trx
      .updateTable('directory_tokens')
      .set({ revoked_at: nowIso(ctx.now) })
      .where('id', '=', tokenId)
      .where('organization_id', '=', organizationId)
      .where('revoked_at', 'is', null)
      .executeTakeFirst()
    if (Number(updated.numUpdatedRows) !== 1) {
      const exists = await trx
        .selectFrom('directory_tokens')
        .select('id')
        .where('id', '=', tokenId)
        .where('organization_id', '=', organizationId)
        .executeTakeFirst()
      if (!exists) throw new DomainError('NOT_FOUND')
      return // revoked already: nothing to do
    }
    await recordAudit({ ...ctx, db: trx }, { organizationId, action: 'directory.tokens.revoke', items: [tokenId], result: { SUCCESS: 1 } })
  })
}

/** How often a token's last-used time is written: at most once a minute, not on every request of a sync. */
const LAST_USED_RESOLUTION_SECONDS = 60

/**
 * The live token a bearer secret names, or null (unknown, revoked, or its organization gone).
 * Records its use (at most once a minute).
 */
export async function authenticateDirectoryToken(db: Ctx['db'], secret: string, now = new Date()) {
  if (!secret.startsWith(TOKEN_PREFIX) || secret.length > 200) return null
  const row = await db
    .selectFrom('directory_tokens')
    .select(['id', 'organization_id', 'name', 'last_used_at'])
    .where('token_hash', '=', hashSecret(secret))
    .where('revoked_at', 'is', null)
    .executeTakeFirst()
  if (!row) return null
  const stale = addSeconds(now, -LAST_USED_RESOLUTION_SECONDS).toISOString()
  if (!row.last_used_at || row.last_used_at < stale) {
    await db
      .updateTable('directory_tokens')
      .set({ last_used_at: nowIso(now) })
      .where('id', '=', row.id)
      .where((eb) => eb.or([eb('last_used_at', 'is', null), eb('last_used_at', '<', stale)]))
      .execute()
  }
  return { id: row.id, organizationId: row.organization_id, name: row.name }
}

export type DirectoryTokenIdentity = NonNullable<Awaited<ReturnType<typeof authenticateDirectoryToken>>>

/**
 * Requests per token (the app's rate-limit module): SCIM_REQUESTS_PER_MINUTE, by default 3,000 a
 * minute, twice the 25 a second Microsoft asks a SCIM endpoint to sustain per tenant; beyond it
 * 429 with Retry-After (5 s, doubling up to a minute), on which Entra ID backs off.
 */
export const directoryRequestsPerToken = (perMinute = env().SCIM_REQUESTS_PER_MINUTE): RateLimitPolicy => ({
  freeFailures: perMinute,
  windowSeconds: 60,
  baseSeconds: 5,
  maxSeconds: 60,
})
