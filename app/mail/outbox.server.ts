import { sql, type Selectable } from 'kysely'
import { isPostgres } from '~/db/collation'
import type { DB } from '~/db/db.server'
import type { MailOutboxTable, MailStatus } from '~/db/schema'
import { addSeconds, newId, nowIso } from '~/utils/ids.server'
import { batches } from '~/db/batches'

/**
 * The mail outbox: every message is a row, sent by a background worker (outbox-worker.server.ts),
 * so no request waits for SMTP or fails with it.
 *
 *   pending --sent--> sent
 *      |  \--fails--> failed --(retried after a backoff)--> sent | failed | dead
 *
 * A worker claims due rows in one statement (on PostgreSQL with FOR UPDATE SKIP LOCKED), which
 * counts the attempt and gives the worker a lease: two workers never hold one row at once, and a
 * crashed worker's rows are due again when its lease runs out. After MAIL_MAX_ATTEMPTS attempts a
 * row is dead: platform admins see it at /platform/mail and may retry it.
 */
export interface Mail {
  to: string
  subject: string
  text: string
  html: string
}

export type OutboxRow = Selectable<MailOutboxTable>

/** Attempts before a message is dead: with the backoff below, about two hours of trying. */
export const MAIL_MAX_ATTEMPTS = 8
/** The first retry comes after about this long; each further one waits twice as long. */
export const MAIL_RETRY_BASE_SECONDS = 60
export const MAIL_RETRY_MAX_SECONDS = 60 * 60
/** How long a claim holds: well above the SMTP timeouts of one send (smtp-transport.server.ts). */
export const MAIL_LEASE_SECONDS = 120

/**
 * The wait before the next attempt after `attempts` failed ones: exponential, capped, with "equal
 * jitter" (half fixed, half random), so many messages failing together do not retry together.
 */
export function retryDelaySeconds(attempts: number, random: () => number = Math.random) {
  const full = Math.min(MAIL_RETRY_MAX_SECONDS, MAIL_RETRY_BASE_SECONDS * 2 ** Math.max(0, attempts - 1))
  return full / 2 + (random() * full) / 2
}

// Workers of this process that want to hear of new mail at once (instead of at their next poll).
const listeners = new Set<() => void>()
export function onMailQueued(listener: () => void) {
  listeners.add(listener)
  return () => void listeners.delete(listener)
}

/**
 * Queues a message; the worker sends it within moments. Given a transaction, the message is
 * queued in it (it goes out only if the transaction commits, at the worker's next poll).
 */
export async function enqueueMail(db: DB, mail: Mail, now = new Date()) {
  const id = newId()
  await db
    .insertInto('mail_outbox')
    .values({
      id,
      to_address: mail.to,
      subject: mail.subject,
      text_body: mail.text,
      html_body: mail.html,
      created_at: nowIso(now),
      status: 'pending',
      next_attempt_at: nowIso(now),
    })
    .execute()
  if (!db.isTransaction) for (const listener of listeners) listener()
  return id
}

/**
 * Queues many messages with one statement per 100 (the member import invites thousands at once;
 * one round trip each is most of its time on PostgreSQL). Like enqueueMail, in `db`'s transaction
 * when given one. Returns their ids, in order.
 */
export async function enqueueMails(db: DB, mails: Mail[], now = new Date()) {
  const ids: string[] = []
  for (const batch of batches(mails, 100)) {
    const rows = batch.map((mail) => ({
      id: newId(),
      to_address: mail.to,
      subject: mail.subject,
      text_body: mail.text,
      html_body: mail.html,
      created_at: nowIso(now),
      status: 'pending' as const,
      next_attempt_at: nowIso(now),
    }))
    await db.insertInto('mail_outbox').values(rows).execute()
    ids.push(...rows.map((r) => r.id))
  }
  if (ids.length && !db.isTransaction) for (const listener of listeners) listener()
  return ids
}

const CLAIMABLE: MailStatus[] = ['pending', 'failed']

/** When the next message is due (null when none waits), so a worker can sleep until then. */
export async function nextDueAt(db: DB): Promise<string | null> {
  const row = await db
    .selectFrom('mail_outbox')
    .select((eb) => eb.fn.min<string>('next_attempt_at').as('due'))
    .where('status', 'in', CLAIMABLE)
    .executeTakeFirst()
  return row?.due ?? null
}

/**
 * Claims up to `limit` due messages for one worker, atomically: one UPDATE whose subquery picks
 * due, unclaimed (or lease-expired) rows, with FOR UPDATE SKIP LOCKED on PostgreSQL (a row another
 * worker is claiming is skipped, not waited for) and under SQLite's single writer otherwise. The
 * attempt is counted now, so a message that brings its worker down still ends dead.
 */
export async function claimDueMail(db: DB, opts: { now: Date; limit: number; token: string }): Promise<OutboxRow[]> {
  const at = nowIso(opts.now)
  return db
    .updateTable('mail_outbox')
    .set({
      claimed_until: addSeconds(opts.now, MAIL_LEASE_SECONDS).toISOString(),
      claim_token: opts.token,
      attempts: sql<number>`attempts + 1`,
    })
    .where('id', 'in', (eb) =>
      eb
        .selectFrom('mail_outbox')
        .select('id')
        .where('status', 'in', CLAIMABLE)
        .where('next_attempt_at', '<=', at)
        .where((w) => w.or([w('claimed_until', 'is', null), w('claimed_until', '<=', at)]))
        .orderBy('next_attempt_at')
        .limit(opts.limit)
        .$if(isPostgres(db), (q) => q.forUpdate().skipLocked()),
    )
    .returningAll()
    .execute()
}

/** Marks a claimed message sent; false if the claim was lost meanwhile (lease ran out). */
export async function markSent(db: DB, row: Pick<OutboxRow, 'id' | 'claim_token'>, now: Date) {
  const result = await db
    .updateTable('mail_outbox')
    .set({ status: 'sent', sent_at: nowIso(now), claimed_until: null, claim_token: null, next_attempt_at: null, last_error: null })
    .where('id', '=', row.id)
    .where('claim_token', '=', row.claim_token)
    .executeTakeFirst()
  return Number(result.numUpdatedRows) === 1
}

/** Records a failed attempt: due again after the backoff, or dead after the last attempt. */
export async function markFailed(
  db: DB,
  row: Pick<OutboxRow, 'id' | 'claim_token' | 'attempts'>,
  error: unknown,
  now: Date,
  random: () => number = Math.random,
) {
  const dead = row.attempts >= MAIL_MAX_ATTEMPTS
  const message = (error instanceof Error ? error.message : String(error)).slice(0, 500)
  await db
    .updateTable('mail_outbox')
    .set({
      status: dead ? 'dead' : 'failed',
      next_attempt_at: dead ? null : addSeconds(now, retryDelaySeconds(row.attempts, random)).toISOString(),
      last_error: message,
      claimed_until: null,
      claim_token: null,
    })
    .where('id', '=', row.id)
    .where('claim_token', '=', row.claim_token)
    .execute()
  return dead ? ('dead' as const) : ('failed' as const)
}

/** Gives back claims a stopping worker did not start on: due at once for any other worker. */
export async function releaseClaims(db: DB, rows: Pick<OutboxRow, 'id' | 'claim_token'>[]) {
  for (const row of rows) {
    await db
      .updateTable('mail_outbox')
      .set({ claimed_until: null, claim_token: null, attempts: sql<number>`attempts - 1` })
      .where('id', '=', row.id)
      .where('claim_token', '=', row.claim_token)
      .execute()
  }
}

/** Messages that have not gone out after trying: dead ones first, then failed, newest first. */
export async function listUndelivered(db: DB, limit = 100) {
  return db
    .selectFrom('mail_outbox')
    .select(['id', 'to_address', 'subject', 'status', 'attempts', 'last_error', 'next_attempt_at', 'created_at'])
    .where('status', 'in', ['failed', 'dead'])
    .orderBy(sql`case when status = 'dead' then 0 else 1 end`)
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .limit(limit)
    .execute()
}

/**
 * Puts a failed or dead message back in the queue, due now, with a fresh series of attempts.
 * False when there is no such message, or a worker is sending it right now.
 */
export async function retryMailNow(db: DB, id: string, now: Date) {
  const at = nowIso(now)
  const result = await db
    .updateTable('mail_outbox')
    .set({ status: 'pending', attempts: 0, next_attempt_at: at })
    .where('id', '=', id)
    .where('status', 'in', ['failed', 'dead'])
    .where((w) => w.or([w('claimed_until', 'is', null), w('claimed_until', '<=', at)]))
    .executeTakeFirst()
  const retried = Number(result.numUpdatedRows) === 1
  if (retried) for (const listener of listeners) listener()
  return retried
}
