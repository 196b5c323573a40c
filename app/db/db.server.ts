import SQLite from 'better-sqlite3'
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely'
import { mkdirSync } from 'node:fs'
import { dirname, resolve } from 'node:path'
import pg from 'pg'
import { env } from '~/env.server'
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
    const pool = new pg.Pool({ connectionString: url, max: 10 })
    return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) })
  }
  const file = resolve(url ? url.slice('file:'.length) : 'data/app.db')
  mkdirSync(dirname(file), { recursive: true })
  const sqlite = new SQLite(file)
  sqlite.pragma('journal_mode = WAL')
  sqlite.pragma('synchronous = NORMAL')
  sqlite.pragma('foreign_keys = ON')
  sqlite.pragma('busy_timeout = 5000')
  registerSqliteFunctions(sqlite)
  return new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) })
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
