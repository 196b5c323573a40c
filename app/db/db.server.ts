import SQLite from 'better-sqlite3'
import { Kysely, PostgresDialect, SqliteDialect, type LogEvent } from 'kysely'
import { mkdirSync } from 'node:fs'
import { dirname, resolve } from 'node:path'
import pg from 'pg'
import { env } from '~/env.server'
import { queryErrors } from '~/metrics.server'
import type { Database } from './schema'
import { registerSqliteFunctions } from './sqlite-functions'

export type DB = Kysely<Database>
export type Dialect = 'sqlite' | 'postgres'

export function dialectOf(url: string | undefined): Dialect {
  return url && /^postgres(ql)?:\/\//.test(url) ? 'postgres' : 'sqlite'
}

/** Opens a database from a DATABASE_URL: unset means SQLite at data/app.db. */
export function createDb(url: string | undefined): DB {
  if (dialectOf(url) === 'postgres') {
    const pool = createPool(url!)
    return Object.assign(new Kysely<Database>({ dialect: new PostgresDialect({ pool }), log: countErrors }), { [POOL]: pool })
  }
  const file = resolve(url ? url.slice('file:'.length) : 'data/app.db')
  mkdirSync(dirname(file), { recursive: true })
  const sqlite = new SQLite(file)
  sqlite.pragma('journal_mode = WAL')
  sqlite.pragma('synchronous = NORMAL')
  sqlite.pragma('foreign_keys = ON')
  sqlite.pragma('busy_timeout = 5000')
  keepPlannerStatistics(sqlite)
  registerSqliteFunctions(sqlite)
  return new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }), log: countErrors })
}

/** How often a long-lived connection refreshes the planner's statistics (SQLite's advice: every few hours). */
const OPTIMIZE_INTERVAL_MS = 4 * 60 * 60 * 1000

/**
 * The query planner's statistics (`sqlite_stat1`), as SQLite advises for long-lived connections:
 * `PRAGMA optimize` at open (0x10002: also tables never analysed) and every few hours, with
 * `analysis_limit` bounding each table's scan. Without them the planner cannot tell a selective
 * index from one that matches a whole group: "these 50 loops, in this group" walked the group's
 * 30,000 loops instead of looking up 50 ids (ADR 028, docs/database.md).
 */
function keepPlannerStatistics(sqlite: SQLite.Database) {
  sqlite.pragma('analysis_limit = 1000')
  sqlite.pragma('optimize = 0x10002')
  const timer = setInterval(() => {
    if (!sqlite.open) return clearInterval(timer)
    try {
      sqlite.pragma('optimize')
    } catch {
      // Busy or read-only: the next round tries again; the statistics only guide the planner.
    }
  }, OPTIMIZE_INTERVAL_MS)
  timer.unref()
}

/** Kysely's log: failed queries are counted (db_query_errors_total, docs/operations.md#metrics); nothing is printed. */
const countErrors = (event: LogEvent) => {
  if (event.level === 'error') queryErrors.inc()
}

const POOL = Symbol('pg pool')

/** The process database's PostgreSQL pool, for the metrics: connections open and idle, queries waiting. Null on SQLite. */
export function poolStats() {
  const pool = (instance as { [POOL]?: pg.Pool } | undefined)?.[POOL]
  return pool ? { total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount } : null
}

/** How long a new PostgreSQL connection may take before the query fails (503, not a hang). */
const CONNECT_TIMEOUT_MS = 5000

/**
 * A pg pool that outlives the database: a connection that dies (PostgreSQL restarted, the
 * backend terminated, the network gone) emits 'error' on its client, and, when idle, on the pool;
 * an 'error' nobody listens to ends the process. Both are listened to: the dead client is
 * dropped (pg does it), the query it ran fails with an error that isDatabaseUnavailable
 * (availability.server.ts) recognizes, and the next query opens a new connection, so the app
 * recovers by itself when the database is back.
 */
export function createPool(url: string, options: pg.PoolConfig = {}): pg.Pool {
  const pool = new pg.Pool({ connectionString: url, max: 10, connectionTimeoutMillis: CONNECT_TIMEOUT_MS, keepAlive: true, ...options })
  const lost = (error: Error) => console.warn(`database: connection lost (${error.message})`)
  // A checked-out client has no listener of the pool's: ours is on every client, idle or not.
  pool.on('connect', (client) => client.on('error', lost))
  // An idle client's error is re-emitted by the pool; the client's own listener has logged it.
  pool.on('error', () => {})
  return pool
}

/** How many prepared statements a SQLite connection keeps (least recently used go first). */
const STATEMENT_CACHE_SIZE = 200

/**
 * Kysely prepares every query anew; preparing costs more than running the small queries of a
 * page. The same SQL text reuses its prepared statement (queries never stream, so a statement is
 * never busy when it is reused).
 */
function withStatementCache(sqlite: SQLite.Database) {
  const cache = new Map<string, SQLite.Statement>()
  return {
    close: () => sqlite.close(),
    prepare(sqlText: string) {
      let statement = cache.get(sqlText)
      if (statement) {
        cache.delete(sqlText)
      } else {
        statement = sqlite.prepare(sqlText)
        if (cache.size >= STATEMENT_CACHE_SIZE) cache.delete(cache.keys().next().value!)
      }
      cache.set(sqlText, statement)
      return statement
    },
  }
}

let instance: DB | undefined

/** The process-wide database, opened on first use from DATABASE_URL. */
export function db(): DB {
  instance ??= createDb(env().DATABASE_URL)
  return instance
}

export async function closeDb() {
  await instance?.destroy()
  instance = undefined
}
