import type { DB } from '~/db/db.server'
import { newId } from '~/utils/ids.server'
import type { MailTransport } from './mailer.server'
import { claimDueMail, markFailed, markSent, nextDueAt, onMailQueued, releaseClaims, type OutboxRow } from './outbox.server'

/**
 * The background sender the server runs in its own process (entry.server.tsx `startup`): it
 * wakes when mail is queued in this process, and otherwise every `pollMs` or when the next retry
 * is due, whichever comes first (mail queued by another process, or in a transaction, goes out at
 * the next poll). Each pass claims due messages a few at a time (outbox.server.ts) and sends them
 * one after another until none is due.
 */
export interface DeliverOptions {
  db: DB
  transport: MailTransport
  now?: () => Date
  random?: () => number
  /** Messages claimed per statement. */
  batch?: number
  /** Asked before each send: true stops the pass and gives the unsent claims back. */
  stopping?: () => boolean
  log?: Pick<Console, 'info' | 'warn' | 'error'>
}

const toMail = (row: OutboxRow) => ({ to: row.to_address, subject: row.subject, text: row.text_body, html: row.html_body })

/** One pass: claims and sends until nothing is due. Returns how many were sent and failed. */
export async function deliverDueMail(opts: DeliverOptions) {
  const { db, transport, now = () => new Date(), random = Math.random, batch = 5, stopping = () => false, log = console } = opts
  // One token per claim: it tells whether the claim is still ours when the outcome is written.
  const result = { sent: 0, failed: 0 }
  while (!stopping()) {
    const claimed = await claimDueMail(db, { now: now(), limit: batch, token: `${process.pid}-${newId()}` })
    if (!claimed.length) break
    for (const [i, row] of claimed.entries()) {
      if (stopping()) {
        await releaseClaims(db, claimed.slice(i))
        return result
      }
      let error: unknown
      try {
        await transport(toMail(row))
      } catch (e) {
        error = e ?? new Error('send failed')
      }
      if (error === undefined) {
        if (await markSent(db, row, now())) result.sent++
        else log.warn(`[mail] ${row.id} to ${row.to_address} was sent after its claim ran out`)
      } else {
        const state = await markFailed(db, row, error, now(), random)
        result.failed++
        log.warn(`[mail] ${row.id} to ${row.to_address}: attempt ${row.attempts} failed (${state}): ${(error as Error).message ?? error}`)
      }
    }
  }
  return result
}

export interface OutboxWorker {
  /** Runs a pass soon (after the one in progress, if any). */
  wake(): void
  /** Finishes the send in progress, claims nothing more, gives back unstarted claims. */
  stop(): Promise<void>
}

export interface WorkerOptions extends Omit<DeliverOptions, 'stopping'> {
  /** The longest sleep between passes. */
  pollMs?: number
}

/**
 * How long after mail is queued the worker looks for it: soon, but after the request that queued
 * it has answered, so the send (and a quick failure of a dead SMTP server) never runs inside that
 * request, whose time would then tell that an account exists.
 */
export const WAKE_DELAY_MS = 100

export function startOutboxWorker(opts: WorkerOptions): OutboxWorker {
  const { db, now = () => new Date(), pollMs = 5_000, log = console } = opts
  let stopping = false
  let timer: ReturnType<typeof setTimeout> | undefined
  let timerAt = Infinity
  let running: Promise<void> | undefined
  let again = false

  /** Runs a pass in `ms`, unless one is due sooner already (so a stream of wakes never postpones it). */
  const schedule = (ms: number) => {
    if (stopping) return
    const at = Date.now() + ms
    if (timer && timerAt <= at) return
    clearTimeout(timer)
    timerAt = at
    timer = setTimeout(() => {
      timer = undefined
      timerAt = Infinity
      run()
    }, ms)
    timer.unref?.()
  }

  function run() {
    if (stopping) return
    if (running) {
      again = true
      return
    }
    running = (async () => {
      let wait = pollMs
      try {
        do {
          again = false
          await deliverDueMail({ ...opts, stopping: () => stopping })
        } while (again && !stopping)
        // Sleep until the next retry is due, if that comes before the next poll.
        const due = await nextDueAt(db)
        const untilDue = due ? Date.parse(due) - now().getTime() : Infinity
        if (untilDue > 0) wait = Math.min(pollMs, untilDue)
      } catch (error) {
        log.error('[mail] outbox worker:', error)
      } finally {
        running = undefined
      }
      if (again && !stopping) run()
      else schedule(wait)
    })()
  }

  const unsubscribe = onMailQueued(() => schedule(WAKE_DELAY_MS))
  schedule(0)
  return {
    wake: () => schedule(0),
    async stop() {
      stopping = true
      clearTimeout(timer)
      unsubscribe()
      await running
    },
  }
}
