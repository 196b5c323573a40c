import { randomBytes } from 'node:crypto'
import { createServer } from 'node:net'
import pg from 'pg'
import { sql } from 'kysely'
import { db, dialectOf, type DB } from '~/db/db.server'

/**
 * Makes the database fail one kind of write to one row, as an outage or a bug would: a trigger
 * raises an error on `event` of rows of `table` whose `column` equals `value`. On SQLite and
 * PostgreSQL alike. Returns a function that removes the trigger again.
 */
export async function failWrites(table: string, event: 'INSERT' | 'UPDATE' | 'DELETE', column: string, value: string) {
  const name = `forced_failure_${randomBytes(4).toString('hex')}`
  const row = event === 'INSERT' ? 'NEW' : 'OLD'
  const literal = `'${value.replace(/'/g, "''")}'`
  if (!/^[a-z_]+$/.test(table) || !/^[a-z_]+$/.test(column)) throw new Error('plain table and column names only')
  const run = (text: string) => sql.raw(text).execute(db())
  if (dialectOf(process.env.DATABASE_URL) === 'postgres') {
    await run(`CREATE FUNCTION ${name}() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'forced failure'; END $$`)
    await run(
      `CREATE TRIGGER ${name} BEFORE ${event} ON ${table} FOR EACH ROW WHEN (${row}.${column} = ${literal}) EXECUTE FUNCTION ${name}()`,
    )
    return async () => {
      await run(`DROP TRIGGER ${name} ON ${table}`)
      await run(`DROP FUNCTION ${name}()`)
    }
  }
  await run(
    `CREATE TRIGGER ${name} BEFORE ${event} ON ${table} FOR EACH ROW WHEN ${row}.${column} = ${literal} BEGIN SELECT RAISE(ABORT, 'forced failure'); END`,
  )
  return async () => {
    await run(`DROP TRIGGER ${name}`)
  }
}

/**
 * A handle on `database` that runs its first `transactions` transactions (to commit or roll back),
 * and then none: the service stops there as if its process had been killed (`kill -9`) between
 * two transactions. What it committed stays; nothing after it runs. `died` resolves when it stops. Everything else
 * goes to `database` unchanged.
 */
export function dyingAfterTransactions(database: DB, transactions: number) {
  let started = 0
  let die: () => void
  const died = new Promise<void>((resolve) => (die = resolve))
  const handle = withTransactions(database, (begin) => {
    if (started++ < transactions) return begin()
    die()
    return new Promise<never>(() => {})
  })
  return { db: handle, died }
}

/**
 * A handle on `database` that runs `hook` just before its first transaction starts: a change by
 * someone else that lands between what a service reads first and its transaction.
 */
export function beforeFirstTransaction(database: DB, hook: () => Promise<unknown>): DB {
  let ran = false
  return withTransactions(database, async (begin) => {
    if (!ran) {
      ran = true
      await hook()
    }
    return begin()
  })
}

/** `database` with `transaction().execute(fn)` going through `around`, which starts it with `begin()`. */
function withTransactions(database: DB, around: (begin: () => Promise<unknown>) => Promise<unknown>): DB {
  return new Proxy(database, {
    get(target, property) {
      if (property === 'transaction')
        return () => {
          const builder = target.transaction()
          return { execute: (fn: Parameters<typeof builder.execute>[0]) => around(() => builder.execute(fn)) }
        }
      const value = Reflect.get(target, property, target)
      return typeof value === 'function' ? value.bind(target) : value
    },
  })
}

/** A port on 127.0.0.1 that nothing listens on (it was free a moment ago). */
export async function closedPort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as { port: number }
  await new Promise((resolve) => server.close(resolve))
  return port
}

/** The error pg gives when PostgreSQL cannot be reached (a connection refused): a real one. */
export async function unreachableDatabaseError(): Promise<Error> {
  const client = new pg.Client({ connectionString: `postgres://postgres@127.0.0.1:${await closedPort()}/none` })
  return client.connect().then(
    () => {
      throw new Error('connected to a closed port')
    },
    (error: Error) => error,
  )
}
