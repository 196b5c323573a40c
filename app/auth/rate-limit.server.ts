import { DomainError } from '~/errors'
import type { DB } from '~/db/db.server'
import { addSeconds, nowIso } from '~/utils/ids.server'

/**
 * Failure-counting rate limits kept in the database, so they hold across processes.
 * After `freeFailures` failures inside `windowSeconds`, each further failure blocks the key
 * for a doubling wait (baseSeconds, 2x, 4x, ... up to maxSeconds).
 */
export interface RateLimitPolicy {
  freeFailures: number
  windowSeconds: number
  baseSeconds: number
  maxSeconds: number
}

export const SIGNIN_PER_ACCOUNT: RateLimitPolicy = { freeFailures: 5, windowSeconds: 3600, baseSeconds: 30, maxSeconds: 3600 }
export const SIGNIN_PER_CLIENT: RateLimitPolicy = { freeFailures: 20, windowSeconds: 3600, baseSeconds: 30, maxSeconds: 3600 }
/** Emails that a request may trigger (resend verification, forgot password), per address. */
export const EMAIL_REQUESTS: RateLimitPolicy = { freeFailures: 3, windowSeconds: 3600, baseSeconds: 60, maxSeconds: 3600 }

/** Throws TOO_MANY_ATTEMPTS with `retryAt` when any of the keys is blocked now. */
export async function assertNotLimited(db: DB, keys: string[], now = new Date()) {
  if (keys.length === 0) return
  const rows = await db
    .selectFrom('rate_limits')
    .select(['blocked_until'])
    .where('key', 'in', keys)
    .where('blocked_until', '>', nowIso(now))
    .execute()
  const latest = rows.map((r) => r.blocked_until!).sort().at(-1)
  if (latest) throw new DomainError('TOO_MANY_ATTEMPTS', { retryAt: latest })
}

/** Counts one failure; returns the time until which the key is blocked, if it now is. */
export async function recordFailure(db: DB, key: string, policy: RateLimitPolicy, now = new Date()) {
  return db.transaction().execute(async (trx) => {
    const row = await trx.selectFrom('rate_limits').selectAll().where('key', '=', key).executeTakeFirst()
    const windowStart = addSeconds(now, -policy.windowSeconds).toISOString()
    const fresh = !row || (row.first_failure_at < windowStart && (!row.blocked_until || row.blocked_until < nowIso(now)))
    const failures = fresh ? 1 : row.failures + 1
    const over = failures - policy.freeFailures
    const blockedUntil =
      over > 0 ? addSeconds(now, Math.min(policy.maxSeconds, policy.baseSeconds * 2 ** (over - 1))).toISOString() : null
    const values = { failures, first_failure_at: fresh ? nowIso(now) : row.first_failure_at, blocked_until: blockedUntil }
    await trx
      .insertInto('rate_limits')
      .values({ key, ...values })
      .onConflict((oc) => oc.column('key').doUpdateSet(values))
      .execute()
    return blockedUntil
  })
}

/** Counts one use of a budget (e.g. an email sent) and throws once the key is blocked. */
export async function consume(db: DB, key: string, policy: RateLimitPolicy, now = new Date()) {
  await assertNotLimited(db, [key], now)
  await recordFailure(db, key, policy, now)
}

export async function clearFailures(db: DB, key: string) {
  await db.deleteFrom('rate_limits').where('key', '=', key).execute()
}
