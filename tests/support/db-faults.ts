import { randomBytes } from 'node:crypto'
import { createServer } from 'node:net'
import pg from 'pg'
import { sql } from 'kysely'
import { db, dialectOf } from '~/db/db.server'

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
    await run(`CREATE TRIGGER ${name} BEFORE ${event} ON ${table} FOR EACH ROW WHEN (${row}.${column} = ${literal}) EXECUTE FUNCTION ${name}()`)
    return async () => {
      await run(`DROP TRIGGER ${name} ON ${table}`)
      await run(`DROP FUNCTION ${name}()`)
    }
  }
  await run(`CREATE TRIGGER ${name} BEFORE ${event} ON ${table} FOR EACH ROW WHEN ${row}.${column} = ${literal} BEGIN SELECT RAISE(ABORT, 'forced failure'); END`)
  return async () => {
    await run(`DROP TRIGGER ${name}`)
  }
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
