/**
 * The library feed's SQL time (issue 11), in process against a database:
 * `node --import tsx bench/library-feed.ts [DATABASE_URL]` (default: the bench database
 * data/bench.db after `npm run bench`; with `--database-url postgres://…bench` that one). As
 * admin@example.se (5,000 visible packages), each feed query (default, sorts, scopes, filters,
 * searches, a later page) is called N times after a warm-up; prints the median and p90 of the
 * whole `packageFeed` call and the median of each SQL statement it runs, in order.
 */
import type { KyselyPlugin } from 'kysely'
import { closeDb, db } from '../app/db/db.server'
import { migrateToLatest } from '../app/db/migrate.server'
import type { Ctx } from '../app/services/context.server'
import { packageFeed } from '../app/services/library/feed.server'
import type { FeedQuery } from '../app/services/library/types'

const N = Number(process.env.CALLS ?? 200)
if (!process.env.DATABASE_URL) process.env.DATABASE_URL = process.argv[2] ?? 'file:./data/bench.db'

const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]
const median = (values: number[]) =>
  quantile(
    [...values].sort((a, b) => a - b),
    0.5,
  )

const BASE: FeedQuery = { q: '', scope: 'all', sort: 'updated', dir: 'desc', page: 1, pageSize: 20 }
const CASES: [string, Partial<FeedQuery>][] = [
  ['feed (default)', {}],
  ['sort name asc', { sort: 'name', dir: 'asc' }],
  ['sort created asc', { sort: 'created', dir: 'asc' }],
  ['scope shared', { scope: 'shared' }],
  ['scope mine', { scope: 'mine' }],
  ['language en', { language: 'en' }],
  ['tag skolstart', { tag: 'skolstart' }],
  ['search "skolstart"', { q: 'skolstart' }],
  ['search "skolstart" by name', { q: 'skolstart', sort: 'name', dir: 'asc' }],
  ['search "1234" (rare)', { q: '1234' }],
  ['search "föräldra"', { q: 'föräldra' }],
  ['page 10', { page: 10 }],
]

/** Each statement's time, in order of execution, for the call under way. */
function timed(): { plugin: KyselyPlugin; take: () => number[] } {
  const started = new Map<unknown, number>()
  let times: number[] = []
  return {
    plugin: {
      transformQuery: (args) => {
        started.set(args.queryId, performance.now())
        return args.node
      },
      transformResult: async (args) => {
        times.push(performance.now() - (started.get(args.queryId) ?? performance.now()))
        started.delete(args.queryId)
        return args.result
      },
    },
    take: () => {
      const t = times
      times = []
      return t
    },
  }
}

async function main() {
  await migrateToLatest(db())
  const clock = timed()
  const measured = db().withPlugin(clock.plugin)
  const actor = await db().selectFrom('users').selectAll().where('email', '=', 'admin@example.se').executeTakeFirstOrThrow()
  const ctx: Ctx = { db: measured, actor: actor as never, now: new Date(), client: 'bench' }
  console.info(`${'query'.padEnd(28)} ${'total'.padStart(6)} ${'p50 ms'.padStart(7)} ${'p90 ms'.padStart(7)}  statements (median ms each)`)
  for (const [label, q] of CASES) {
    const query = { ...BASE, ...q }
    for (let i = 0; i < 20; i++) await packageFeed(ctx, query)
    clock.take()
    const calls: number[] = []
    const statements: number[][] = []
    let total = 0
    for (let i = 0; i < N; i++) {
      const t = performance.now()
      const feed = await packageFeed(ctx, query)
      calls.push(performance.now() - t)
      total = feed.total
      clock.take().forEach((ms, s) => (statements[s] ??= []).push(ms))
    }
    calls.sort((a, b) => a - b)
    const each = statements.map((s) => median(s).toFixed(2)).join(' ')
    console.info(
      `${label.padEnd(28)} ${String(total).padStart(6)} ${quantile(calls, 0.5).toFixed(2).padStart(7)} ${quantile(calls, 0.9)
        .toFixed(2)
        .padStart(7)}  ${each}`,
    )
  }
}

try {
  await main()
} finally {
  await closeDb()
}
