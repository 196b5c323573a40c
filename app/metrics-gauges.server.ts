import { Gauge } from 'prom-client'
import { sql } from 'kysely'
import { db, poolStats } from '~/db/db.server'
import { once } from '~/metrics.server'

/** The outbox's undelivered mail, read from the database at each scrape (one grouped query on an index). */
export async function outboxBacklog(now = new Date()) {
  const rows = await db()
    .selectFrom('mail_outbox')
    .select(['status', sql<number>`count(*)`.as('count'), sql<string | null>`min(created_at)`.as('oldest')])
    .where('status', 'in', ['pending', 'failed', 'dead'])
    .groupBy('status')
    .execute()
  const counts = { pending: 0, failed: 0, dead: 0 }
  let oldestUnsent: string | null = null
  for (const row of rows) {
    counts[row.status as keyof typeof counts] = Number(row.count)
    if (row.status !== 'dead' && row.oldest && (!oldestUnsent || row.oldest < oldestUnsent)) oldestUnsent = row.oldest
  }
  const oldestAgeSeconds = oldestUnsent ? Math.max(0, (now.getTime() - Date.parse(oldestUnsent)) / 1000) : 0
  return { counts, oldestAgeSeconds }
}

/** Gauges read when scraped: the outbox and PostgreSQL's pool. Called once, at the server's start. */
export function registerScrapeGauges() {
  let backlog: Promise<Awaited<ReturnType<typeof outboxBacklog>> | null> | undefined
  // One query per scrape for both outbox gauges: the first to collect asks, the other reuses it.
  const readBacklog = () => {
    backlog ??= outboxBacklog()
      .catch(() => null)
      .finally(() => setImmediate(() => (backlog = undefined)))
    return backlog
  }
  once(
    'mail_outbox_messages',
    () =>
      new Gauge({
        name: 'mail_outbox_messages',
        help: 'Undelivered mail in the outbox, by status (pending: not yet tried or being sent, failed: to be retried, dead: given up).',
        labelNames: ['status'] as const,
        async collect() {
          const read = await readBacklog()
          if (!read) return
          for (const [status, count] of Object.entries(read.counts)) this.set({ status }, count)
        },
      }),
  )
  once(
    'mail_outbox_oldest_unsent_age_seconds',
    () =>
      new Gauge({
        name: 'mail_outbox_oldest_unsent_age_seconds',
        help: 'Age of the oldest pending or failed mail; 0 when none waits.',
        async collect() {
          const read = await readBacklog()
          if (read) this.set(read.oldestAgeSeconds)
        },
      }),
  )
  once(
    'db_pool_connections',
    () =>
      new Gauge({
        name: 'db_pool_connections',
        help: 'PostgreSQL pool: connections open (total), idle, and queries waiting for one (waiting). Absent on SQLite.',
        labelNames: ['state'] as const,
        collect() {
          const stats = poolStats()
          if (!stats) return
          this.set({ state: 'total' }, stats.total)
          this.set({ state: 'idle' }, stats.idle)
          this.set({ state: 'waiting' }, stats.waiting)
        },
      }),
  )
}
