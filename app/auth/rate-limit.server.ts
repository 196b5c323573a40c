import { sql, type RawBuilder } from 'kysely'
import { DomainError } from '~/errors'
import type { DB } from '~/db/db.server'
import { addSeconds, nowIso } from '~/utils/ids.server'

/**
 * Attempt-counting rate limits kept in the database, so they hold across processes.
 *
 * An attempt is counted BEFORE the guarded work (the password check, the code look-up, the
 * email), in one atomic statement, so concurrent requests cannot all slip through between a
 * check and a count. After `freeFailures` counted attempts inside `windowSeconds`, each further
 * attempt blocks the key for a doubling wait (baseSeconds, 2x, 4x, ... up to maxSeconds); the
 * attempt that sets a block still goes ahead, every attempt while the key is blocked is refused
 * (TOO_MANY_ATTEMPTS with `retryAt`) and not counted. A caller that counts only failures gives a
 * successful attempt back with `refundAttempt` (or clears the key with `clearFailures`).
 */
export interface RateLimitPolicy {
  freeFailures: number
  windowSeconds: number
  baseSeconds: number
  maxSeconds: number
}

/**
 * Sign-in (docs/auth.md). The fast lock is per (account, client): 5 free failures, then a doubling
 * wait (30 s up to an hour), within a day, so one address gets at most ~35 guesses a day at one
 * account, while the owner, from their own address, is not slowed. The per-account cap is NIST SP
 * 800-63B's limit on consecutive failures (at most 100): the 100th failure within a day locks the
 * account for every client (15 min, doubling up to an hour), which takes at least three addresses;
 * a successful sign-in or a password reset ends the run.
 */
export const SIGNIN_PER_ACCOUNT_CLIENT: RateLimitPolicy = { freeFailures: 5, windowSeconds: 86_400, baseSeconds: 30, maxSeconds: 3600 }
export const SIGNIN_PER_ACCOUNT: RateLimitPolicy = { freeFailures: 99, windowSeconds: 86_400, baseSeconds: 900, maxSeconds: 3600 }
// Per client address: generous, because a whole school or town hall signs in from one address.
export const SIGNIN_PER_CLIENT: RateLimitPolicy = { freeFailures: 100, windowSeconds: 3600, baseSeconds: 30, maxSeconds: 3600 }
/** The owner is emailed when a lock is set on their account, at most once a day (the cap's window). */
export const SIGNIN_ATTACK_ALERT: RateLimitPolicy = { freeFailures: 0, windowSeconds: 86_400, baseSeconds: 86_400, maxSeconds: 86_400 }

/** The keys of one sign-in attempt (the parts are encoded: an IPv6 address holds colons). */
export function signInKeys(email: string, client: string) {
  const account = encodeURIComponent(email.toLowerCase())
  return {
    accountClient: `signin:account-client:${account}:${encodeURIComponent(client)}`,
    account: `signin:account:${account}`,
    client: `signin:client:${client}`,
    alert: `signin:alert:${account}`,
  }
}

/**
 * Invitation-code redemption (docs/invitation-codes.md): only failed guesses count. Per user about
 * 10 an hour (then 15 min, doubling up to an hour); per client 100 per 15 minutes, which a class
 * behind one address does not spend by mistyping.
 */
export const INVITATION_CODE_PER_USER: RateLimitPolicy = { freeFailures: 9, windowSeconds: 3600, baseSeconds: 900, maxSeconds: 3600 }
export const INVITATION_CODE_PER_CLIENT: RateLimitPolicy = { freeFailures: 99, windowSeconds: 900, baseSeconds: 900, maxSeconds: 3600 }
/**
 * Failed guesses watched, never refused (a lock here would let a few accounts stop a whole school
 * or every invitation): per organization of the redeemer's context, 50 an hour; in the whole code
 * space, 200 an hour (half of what one address may spend). Crossing one logs a warning, once an hour.
 */
export const INVITATION_CODE_PER_ORGANIZATION: RateLimitPolicy = {
  freeFailures: 49,
  windowSeconds: 3600,
  baseSeconds: 3600,
  maxSeconds: 3600,
}
export const INVITATION_CODE_ALL: RateLimitPolicy = { freeFailures: 199, windowSeconds: 3600, baseSeconds: 3600, maxSeconds: 3600 }

/** Emails that a request may trigger (sign-up, resend verification, forgot password), per address. */
export const EMAIL_REQUESTS: RateLimitPolicy = { freeFailures: 3, windowSeconds: 3600, baseSeconds: 60, maxSeconds: 3600 }
/**
 * Requests anyone may make that send mail or hash a password (sign-up, forgot password, resend
 * verification, new password), per client: generous for a shared address, but bounded.
 */
export const ANONYMOUS_WORK_PER_CLIENT: RateLimitPolicy = { freeFailures: 100, windowSeconds: 3600, baseSeconds: 60, maxSeconds: 3600 }
/**
 * Passkey sign-in options (each keeps a 5-minute challenge row), per client: every /signin
 * view asks once for the browser's autofill, so the budget is per minute and generous for a
 * school behind one address, but one client cannot fill the table.
 */
export const PASSKEY_OPTIONS_PER_CLIENT: RateLimitPolicy = { freeFailures: 300, windowSeconds: 60, baseSeconds: 60, maxSeconds: 600 }

/** One counted attempt: what `refundAttempt` needs to give it back. */
export interface Attempt {
  key: string
  /** The count including this attempt. */
  failures: number
  firstFailureAt: string
  /** The block this attempt set (it was over the free ones), else null. */
  blockedUntil: string | null
}

/** The wait after the `over`-th attempt beyond the free ones (over >= 1). */
export const waitSeconds = (policy: RateLimitPolicy, over: number) => Math.min(policy.maxSeconds, policy.baseSeconds * 2 ** (over - 1))

/**
 * The blocked-until time for a new count, as SQL: null within the free attempts, then one
 * precomputed time per doubling step (a handful: 30 s to an hour is 8), then the longest.
 */
function blockedUntilFor(count: RawBuilder<number>, policy: RateLimitPolicy, now: Date): RawBuilder<string | null> {
  const steps: string[] = []
  for (let over = 1; over <= 64; over++) {
    const seconds = waitSeconds(policy, over)
    steps.push(addSeconds(now, seconds).toISOString())
    if (seconds >= policy.maxSeconds) break
  }
  const whens = steps.slice(0, -1).map((at, i) => sql`when ${count} = ${policy.freeFailures + i + 1} then ${at}`)
  return sql<
    string | null
  >`case when ${count} <= ${policy.freeFailures} then null ${whens.length ? sql.join(whens, sql` `) : sql``} else ${steps.at(-1)!} end`
}

/**
 * Counts one attempt for the key, atomically: a single insert ... on conflict (key) do update
 * that restarts a stale window, adds one and sets the block when over the free attempts, and
 * does nothing while the key is blocked. Throws TOO_MANY_ATTEMPTS with `retryAt` when blocked.
 */
export async function takeAttempt(db: DB, key: string, policy: RateLimitPolicy, now = new Date()): Promise<Attempt> {
  const at = nowIso(now)
  const windowStart = addSeconds(now, -policy.windowSeconds).toISOString()
  // A blocked row is never updated (the where below), so "stale" needs only the window.
  const count = sql<number>`case when rate_limits.first_failure_at < ${windowStart} then 1 else rate_limits.failures + 1 end`
  for (let tries = 0; tries < 3; tries++) {
    const row = await db
      .insertInto('rate_limits')
      .values({
        key,
        failures: 1,
        first_failure_at: at,
        blocked_until: policy.freeFailures < 1 ? addSeconds(now, waitSeconds(policy, 1)).toISOString() : null,
      })
      .onConflict((oc) =>
        oc
          .column('key')
          .doUpdateSet({
            failures: count,
            first_failure_at: sql<string>`case when rate_limits.first_failure_at < ${windowStart} then ${at} else rate_limits.first_failure_at end`,
            blocked_until: blockedUntilFor(count, policy, now),
          })
          .where(sql<boolean>`rate_limits.blocked_until is null or rate_limits.blocked_until <= ${at}`),
      )
      .returning(['failures', 'first_failure_at', 'blocked_until'])
      .executeTakeFirst()
    if (row) return { key, failures: Number(row.failures), firstFailureAt: row.first_failure_at, blockedUntil: row.blocked_until }
    // Not updated: the key is blocked. (If the block just ended or the row just went, try again.)
    const blocked = await db.selectFrom('rate_limits').select('blocked_until').where('key', '=', key).executeTakeFirst()
    if (blocked?.blocked_until && blocked.blocked_until > at) throw new DomainError('TOO_MANY_ATTEMPTS', { retryAt: blocked.blocked_until })
  }
  throw new Error(`Rate limit ${key}: could not count an attempt`)
}

/**
 * Counts one attempt for each key in order; if a later key is blocked, the earlier attempts are
 * given back (nothing was tried) and TOO_MANY_ATTEMPTS is thrown.
 */
export async function takeAttempts(db: DB, limits: { key: string; policy: RateLimitPolicy }[], now = new Date()): Promise<Attempt[]> {
  const taken: Attempt[] = []
  try {
    for (const { key, policy } of limits) taken.push(await takeAttempt(db, key, policy, now))
  } catch (error) {
    for (const attempt of taken) await refundAttempt(db, attempt)
    throw error
  }
  return taken
}

/**
 * Gives back an attempt that succeeded (or was not tried): one less in its window, and the block
 * it set, if any, lifted. A window restarted meanwhile is left alone.
 */
export async function refundAttempt(db: DB, attempt: Attempt) {
  await db
    .updateTable('rate_limits')
    .set({
      failures: sql<number>`failures - 1`,
      ...(attempt.blockedUntil
        ? { blocked_until: sql<string | null>`case when blocked_until = ${attempt.blockedUntil} then null else blocked_until end` }
        : {}),
    })
    .where('key', '=', attempt.key)
    .where('first_failure_at', '=', attempt.firstFailureAt)
    .where('failures', '>', 0)
    .execute()
}

/** The latest block among attempts that set one (for the answer to a failed attempt), else null. */
export const latestBlock = (attempts: Attempt[]) =>
  attempts
    .map((a) => a.blockedUntil)
    .filter((b): b is string => b !== null)
    .sort()
    .at(-1) ?? null

/** Counts one use of a budget (e.g. an email sent), atomically; throws once the key is blocked. */
export async function consume(db: DB, key: string, policy: RateLimitPolicy, now = new Date()) {
  return takeAttempt(db, key, policy, now)
}

/**
 * Counts one event against a budget that only watches (a warning, an alert email) and never
 * refuses: true for the event that spends it, so at most once per block; false otherwise, and
 * for events during the block, which are not counted.
 */
export async function spendsBudget(db: DB, key: string, policy: RateLimitPolicy, now = new Date()) {
  try {
    return (await takeAttempt(db, key, policy, now)).blockedUntil !== null
  } catch (error) {
    if (error instanceof DomainError && error.code === 'TOO_MANY_ATTEMPTS') return false
    throw error
  }
}

export async function clearFailures(db: DB, key: string) {
  await db.deleteFrom('rate_limits').where('key', '=', key).execute()
}
