import type { Expression, SqlBool } from 'kysely'
import type { DB } from '~/db/db.server'
import { addSeconds, nowIso } from '~/utils/ids.server'
import { TELEMETRY_RETENTION_DAYS } from './telemetry.server'
import { runRetention } from '../group-work/retention-job.server'
import type { AnyExpressionBuilder, AnyKysely } from '~/db/untyped'
import { sendDueDigests } from '../group-work/loop-digest.server'

/**
 * Housekeeping: what has served its purpose is deleted by a periodic job, so no table grows with
 * time alone.
 * - sessions past their absolute lifetime (12 h; idle ones are deleted when next read, or here
 *   by then);
 * - tokens past their expiry, used or not (a used link keeps saying "already used" until then;
 *   tokens live a day at most), and passkey challenges past theirs (5 minutes);
 * - rate-limit rows whose window is long over and that block nothing: older than a day, while
 *   every policy's window is an hour at most, so deleting one changes no answer;
 * - mail sent more than `mailRetentionDays` ago (failed and dead mail stays for /platform/mail);
 * - audit entries older than `auditRetentionDays`, when set (default: kept);
 * - telemetry older than TELEMETRY_RETENTION_DAYS (30).
 * After each pass it also sends the subscribers' weekly digests that are due (sendDueDigests).
 * Each table is deleted from in batches of `batchSize` rows, one short statement each, yielding
 * between batches, so no delete holds a lock for long.
 */
export interface HousekeepingPolicy {
  mailRetentionDays: number
  auditRetentionDays?: number | null
  batchSize?: number
}

/** Rate-limit rows untouched for this long are stale (every policy's window is far shorter). */
export const RATE_LIMIT_STALE_SECONDS = 24 * 60 * 60
const DAY = 24 * 60 * 60

type Condition = (eb: AnyExpressionBuilder) => Expression<SqlBool>

async function deleteInBatches(db: DB, table: string, key: string, where: Condition, batchSize: number) {
  const k = db as unknown as AnyKysely
  let deleted = 0
  for (;;) {
    const result = await k
      .deleteFrom(table)
      .where(key, 'in', (eb: AnyExpressionBuilder) => eb.selectFrom(table).select(key).where(where).limit(batchSize))
      .executeTakeFirst()
    const n = Number(result.numDeletedRows)
    deleted += n
    if (n < batchSize) return deleted
    await new Promise((resolve) => setImmediate(resolve))
  }
}

/** One housekeeping pass at `now`; returns how many rows went from each table. */
export async function runHousekeeping(db: DB, policy: HousekeepingPolicy, now = new Date()) {
  const at = nowIso(now)
  const batch = policy.batchSize ?? 500
  const before = (seconds: number) => addSeconds(now, -seconds).toISOString()
  const deleted = {
    sessions: await deleteInBatches(db, 'sessions', 'id_hash', (eb) => eb('expires_at', '<=', at), batch),
    tokens: await deleteInBatches(db, 'tokens', 'id', (eb) => eb('expires_at', '<=', at), batch),
    passkey_challenges: await deleteInBatches(db, 'passkey_challenges', 'id', (eb) => eb('expires_at', '<=', at), batch),
    rate_limits: await deleteInBatches(
      db,
      'rate_limits',
      'key',
      (eb) =>
        eb.and([
          eb('first_failure_at', '<', before(RATE_LIMIT_STALE_SECONDS)),
          eb.or([eb('blocked_until', 'is', null), eb('blocked_until', '<=', at)]),
        ]),
      batch,
    ),
    mail_outbox: await deleteInBatches(
      db,
      'mail_outbox',
      'id',
      (eb) => eb.and([eb('status', '=', 'sent'), eb('sent_at', '<', before(policy.mailRetentionDays * DAY))]),
      batch,
    ),
    audit_log: policy.auditRetentionDays
      ? await deleteInBatches(db, 'audit_log', 'id', (eb) => eb('created_at', '<', before(policy.auditRetentionDays! * DAY)), batch)
      : 0,
    telemetry_events: await deleteInBatches(
      db,
      'telemetry_events',
      'id',
      (eb) => eb('created_at', '<', before(TELEMETRY_RETENTION_DAYS * DAY)),
      batch,
    ),
  }
  return deleted
}

export interface HousekeepingJob {
  stop(): Promise<void>
}

/** One pass of the job: housekeeping, then retention (expired loops and the owners' notices, retention-job.server.ts). */
async function housekeepingPass(db: DB, policy: HousekeepingPolicy, now: Date) {
  const deleted = await runHousekeeping(db, policy, now)
  const retention = await runRetention(db, now)
  return { ...deleted, loops: retention.loops, retention_notices: retention.notices }
}

/**
 * Runs `runHousekeeping` and `runRetention` every `intervalSeconds` (the first pass a few seconds
 * after start). Every process may run it: the deletes are idempotent, and retention counts only
 * what its own deletes removed. A failed pass is logged and tried again next time.
 */
export function startHousekeeping(
  db: DB,
  policy: HousekeepingPolicy & { intervalSeconds: number },
  opts: { now?: () => Date; log?: Pick<Console, 'info' | 'error'> } = {},
): HousekeepingJob {
  const { now = () => new Date(), log = console } = opts
  let stopped = false
  let running: Promise<void> | undefined
  let timer: ReturnType<typeof setTimeout> | undefined
  const schedule = (ms: number) => {
    if (stopped) return
    timer = setTimeout(pass, ms)
    timer.unref?.()
  }
  function pass() {
    running = housekeepingPass(db, policy, now())
      .then((deleted) => {
        const total = Object.values(deleted).reduce((a, b) => a + b, 0)
        if (total > 0) log.info(`[housekeeping] deleted ${JSON.stringify(deleted)}`)
      })
      // The subscribers' weekly digests that are due (group-work/loop-digest.server.ts): each once, whichever process sends it.
      .then(() => sendDueDigests(db, now()))
      .then((sent) => {
        if (sent > 0) log.info(`[housekeeping] sent ${sent} weekly digests`)
      })
      .catch((error) => log.error('[housekeeping]', error))
      .finally(() => {
        running = undefined
        schedule(policy.intervalSeconds * 1000)
      })
  }
  schedule(Math.min(5_000, policy.intervalSeconds * 1000))
  return {
    async stop() {
      stopped = true
      clearTimeout(timer)
      await running
    },
  }
}
