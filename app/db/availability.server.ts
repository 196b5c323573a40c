import { sql } from 'kysely'
import type { DB } from './db.server'

/**
 * Whether an error means the database cannot be reached right now (an outage the app outlives),
 * rather than a bug or a bad query: the server answers it with 503 SERVICE_UNAVAILABLE and a
 * Retry-After, and the next query connects again by itself. PostgreSQL: the server shut down or
 * is starting (57P01 admin_shutdown, 57P02 crash_shutdown, 57P03 cannot_connect_now), class 08
 * (connection exceptions), and pg's own errors when a socket fails or cannot be opened.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (!(error instanceof Error)) return false
  const code = (error as { code?: unknown }).code
  if (typeof code === 'string' && (PG_UNAVAILABLE_CODES.has(code) || code.startsWith('08') || NETWORK_CODES.has(code))) return true
  if (PG_CLIENT_MESSAGES.some((message) => error.message.startsWith(message))) return true
  // Several addresses tried (localhost as ::1 and 127.0.0.1): unavailable if each attempt was.
  if (error instanceof AggregateError) return error.errors.length > 0 && error.errors.every(isDatabaseUnavailable)
  return false
}

const PG_UNAVAILABLE_CODES = new Set(['57P01', '57P02', '57P03'])
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN'])
/** Messages of pg's client and pool (they carry no code). */
const PG_CLIENT_MESSAGES = [
  'Connection terminated', // "... unexpectedly", "... due to connection timeout"
  'Client has encountered a connection error and is not queryable',
  'timeout exceeded when trying to connect',
]

/** How long a readiness check waits for the database before it answers "down". */
export const READINESS_TIMEOUT_MS = 1000

/**
 * Readiness: whether the database answers a trivial query within `timeoutMs`. A check that is
 * still running is shared, so a flood of probes during an outage asks the database once.
 */
export function databaseReady(db: DB, timeoutMs = READINESS_TIMEOUT_MS): Promise<boolean> {
  let check = pending.get(db)
  if (!check) {
    check = sql`select 1`
      .execute(db)
      .then(() => true)
      .catch(() => false)
      .finally(() => pending.delete(db))
    pending.set(db, check)
  }
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs)
  })
  return Promise.race([check, timeout]).finally(() => clearTimeout(timer))
}
const pending = new WeakMap<DB, Promise<boolean>>()
