import { Kysely, PostgresDialect, sql } from 'kysely'
import { randomBytes } from 'node:crypto'
import { createServer, type Socket } from 'node:net'
import pg from 'pg'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { DomainError } from '~/errors'
import { closedPort, unreachableDatabaseError } from '../../tests/support/db-faults'
import { databaseReady, isDatabaseUnavailable } from './availability.server'
import { createPool, db, dialectOf, type DB } from './db.server'
import type { Database } from './schema'

const postgres = dialectOf(process.env.DATABASE_URL) === 'postgres'

const failureOf = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: unknown) => error,
  )

const kyselyOver = (pool: pg.Pool): DB => new Kysely<Database>({ dialect: new PostgresDialect({ pool }) })

describe('isDatabaseUnavailable', () => {
  it('recognizes a refused connection, and not a bad query or a domain error', async () => {
    expect(isDatabaseUnavailable(await unreachableDatabaseError())).toBe(true)
    expect(isDatabaseUnavailable(await failureOf(sql`select * from no_such_table`.execute(db())))).toBe(false)
    expect(isDatabaseUnavailable(new DomainError('NOT_FOUND'))).toBe(false)
    expect(isDatabaseUnavailable('ECONNREFUSED')).toBe(false)
  })
})

describe('databaseReady', () => {
  it('is true for a database that answers, false for one that refuses', async () => {
    expect(await databaseReady(db())).toBe(true)
    const refused = kyselyOver(createPool(`postgres://postgres@127.0.0.1:${await closedPort()}/none`))
    expect(await databaseReady(refused)).toBe(false)
    await refused.destroy()
  })

  it('answers false within its timeout when the database accepts connections but never answers', async () => {
    const held = new Set<Socket>()
    const silent = createServer((socket) => held.add(socket))
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve))
    const { port } = silent.address() as { port: number }
    // Its connections would time out after 5 s; the readiness check gives up after 200 ms.
    const hanging = kyselyOver(createPool(`postgres://postgres@127.0.0.1:${port}/none`, { connectionTimeoutMillis: 5000 }))
    const started = performance.now()
    expect(await databaseReady(hanging, 200)).toBe(false)
    expect(performance.now() - started).toBeLessThan(2000)
    for (const socket of held) socket.destroy()
    await hanging.destroy()
    await new Promise((resolve) => silent.close(resolve))
  })
})

describe.runIf(postgres)('the PostgreSQL pool', () => {
  const appName = `db_pool_${randomBytes(4).toString('hex')}`
  const url = new URL(process.env.DATABASE_URL!)
  url.searchParams.set('application_name', appName)
  const uncaught: unknown[] = []
  const onUncaught = (error: unknown) => uncaught.push(error)
  beforeEach(() => {
    process.on('uncaughtException', onUncaught)
  })
  afterEach(() => {
    process.off('uncaughtException', onUncaught)
  })

  it('outlives terminated connections, idle or checked out, and connects again', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL })
    await admin.connect()
    const pool = createPool(url.toString())
    const idle = await pool.connect()
    const busy = await pool.connect()
    idle.release()
    // One connection idle in the pool, one checked out and running a query when it is terminated.
    const running = failureOf(busy.query('select pg_sleep(30)'))
    await vi.waitFor(async () => {
      const { rows } = await admin.query("select 1 from pg_stat_activity where application_name = $1 and query like 'select pg_sleep%'", [
        appName,
      ])
      expect(rows).toHaveLength(1)
    })
    const { rowCount } = await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1', [appName])
    expect(rowCount).toBe(2)

    // The running query fails as "administrator command" (57P01): an outage, not a bug.
    const error = await running
    expect([(error as { code?: string }).code, isDatabaseUnavailable(error)]).toEqual(['57P01', true])
    await vi.waitFor(() => expect(warn.mock.calls.filter(([m]) => String(m).startsWith('database: connection lost'))).toHaveLength(2))
    busy.release(error as Error)
    expect(uncaught).toEqual([])

    const { rows } = await pool.query('select 1 as n')
    expect(rows).toEqual([{ n: 1 }])
    await pool.end()
    await admin.end()
    warn.mockRestore()
  })
})
