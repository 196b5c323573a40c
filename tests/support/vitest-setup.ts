import { copyFileSync, existsSync, mkdirSync, renameSync } from 'node:fs'
import { randomBytes } from 'node:crypto'
import { resolve } from 'node:path'
import pg from 'pg'
import { afterAll, afterEach, beforeEach, vi } from 'vitest'

/**
 * A fresh database for each test file: a copy of a migrated SQLite template, or, when
 * TEST_DATABASE_URL is a PostgreSQL URL, a schema of its own (dropped afterwards).
 */
const pgUrl = process.env.TEST_DATABASE_URL
const dir = process.env.VITEST_DB_DIR ?? resolve('data/test', 'run-default')
mkdirSync(dir, { recursive: true })
process.env.NODE_ENV = 'test'
process.env.SMTP_URL = ''

const { createDb } = await import('~/db/db.server')
const { migrateToLatest } = await import('~/db/migrate.server')

let dropSchema: (() => Promise<void>) | undefined
if (pgUrl) {
  const schema = `t_${randomBytes(6).toString('hex')}`
  const admin = new pg.Client({ connectionString: pgUrl })
  await admin.connect()
  await admin.query(`CREATE SCHEMA ${schema}`)
  const url = new URL(pgUrl)
  url.searchParams.set('options', `-c search_path=${schema}`)
  process.env.DATABASE_URL = url.toString()
  const migrating = createDb(process.env.DATABASE_URL)
  await migrateToLatest(migrating, { schema })
  await migrating.destroy()
  dropSchema = async () => {
    await admin.query(`DROP SCHEMA ${schema} CASCADE`)
    await admin.end()
  }
} else {
  const template = resolve(dir, 'template.db')
  if (!existsSync(template)) {
    // Built under a unique name and renamed, so parallel workers never see a half-made template.
    const building = resolve(dir, `template-${process.pid}-${randomBytes(4).toString('hex')}.db`)
    const migrating = createDb(`file:${building}`)
    await migrateToLatest(migrating)
    await migrating.destroy()
    if (!existsSync(template)) renameSync(building, template)
  }
  const file = resolve(dir, `${randomBytes(6).toString('hex')}.db`)
  copyFileSync(template, file)
  process.env.DATABASE_URL = `file:${file}`
}

afterAll(async () => {
  const { closeDb } = await import('~/db/db.server')
  await closeDb()
  await dropSchema?.()
})

// A console.error during a test fails it, unless the test expects it (vi.spyOn(console, 'error')).
let consoleError: ReturnType<typeof vi.spyOn>
beforeEach(() => {
  consoleError = vi.spyOn(console, 'error')
})
afterEach(() => {
  const calls = consoleError.mock.calls
  const expected = vi.isMockFunction(console.error) && consoleError.getMockImplementation()
  consoleError.mockRestore()
  if (calls.length && !expected) throw new Error(`console.error was called: ${calls.map((c: unknown[]) => c.join(' ')).join('\n')}`)
})
