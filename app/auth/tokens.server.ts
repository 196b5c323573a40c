import { DomainError } from '~/errors'
import type { DB } from '~/db/db.server'
import type { TokensTable } from '~/db/schema'
import { addSeconds, hashSecret, newId, newSecret, nowIso } from '~/utils/ids.server'

type Purpose = TokensTable['purpose']

export const TOKEN_TTL_SECONDS: Record<Purpose, number> = {
  'verify-email': 24 * 60 * 60,
  'password-reset': 60 * 60,
  // A verified sign-up's invitation, waiting for the new user to sign in and confirm it.
  'join-invitation': 24 * 60 * 60,
  // A new address waiting for its owner to confirm it (data: { email }), see profile.server.ts.
  'change-email': 24 * 60 * 60,
  // Proves an email address to link a single sign-on account to (docs/sso.md).
  'sso-link': 60 * 60,
  // The half-signed-in state between the password and the two-step code (data: { redirectTo }).
  'second-factor': 5 * 60,
}

/** Issues a single-use token; only its hash is stored. Earlier unused tokens of the purpose die. */
export async function issueToken(db: DB, userId: string, purpose: Purpose, data: object | null = null, now = new Date()) {
  const secret = newSecret()
  await db
    .updateTable('tokens')
    .set({ used_at: nowIso(now) })
    .where('user_id', '=', userId)
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .execute()
  await db
    .insertInto('tokens')
    .values({
      id: newId(),
      user_id: userId,
      purpose,
      token_hash: hashSecret(secret),
      created_at: nowIso(now),
      expires_at: addSeconds(now, TOKEN_TTL_SECONDS[purpose]).toISOString(),
      used_at: null,
      data: data ? JSON.stringify(data) : null,
    })
    .execute()
  return secret
}

/** Finds a live token or throws TOKEN_INVALID / TOKEN_USED / TOKEN_EXPIRED. Does not use it. */
export async function checkToken(db: DB, secret: string, purpose: Purpose, now = new Date()) {
  const row = await db
    .selectFrom('tokens')
    .selectAll()
    .where('token_hash', '=', hashSecret(secret))
    .where('purpose', '=', purpose)
    .executeTakeFirst()
  if (!row) throw new DomainError('TOKEN_INVALID')
  if (row.used_at) throw new DomainError('TOKEN_USED')
  if (row.expires_at <= nowIso(now)) throw new DomainError('TOKEN_EXPIRED')
  return { ...row, data: row.data ? (JSON.parse(row.data) as Record<string, unknown>) : null }
}

/** Uses a token exactly once: of two concurrent uses, only one succeeds. */
export async function consumeToken(db: DB, secret: string, purpose: Purpose, now = new Date()) {
  const token = await checkToken(db, secret, purpose, now)
  const result = await db
    .updateTable('tokens')
    .set({ used_at: nowIso(now) })
    .where('id', '=', token.id)
    .where('used_at', 'is', null)
    .executeTakeFirst()
  if (Number(result.numUpdatedRows) !== 1) throw new DomainError('TOKEN_USED')
  return token
}

/**
 * The data of the user's newest unused token of the purpose (e.g. what a sign-up left pending),
 * so that a new token issued in its place (a resend) keeps it.
 */
export async function pendingTokenData(db: DB, userId: string, purpose: Purpose): Promise<Record<string, unknown> | null> {
  const row = await db
    .selectFrom('tokens')
    .select('data')
    .where('user_id', '=', userId)
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .executeTakeFirst()
  return row?.data ? (JSON.parse(row.data) as Record<string, unknown>) : null
}
