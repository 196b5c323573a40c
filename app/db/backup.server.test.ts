import SQLite from 'better-sqlite3'
import { spawn, spawnSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { existsSync, mkdtempSync, readdirSync, statSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import { describe, expect, it } from 'vitest'
import {
  backupPostgres,
  backupSqlite,
  integrityOf,
  postgresSessions,
  restorePostgres,
  restoreSqlite,
  sqliteFileOf,
  sqliteInUse,
} from './backup.server'
import { createDb, db } from './db.server'
import { migrateToLatest } from './migrate.server'

const sqlite = !process.env.TEST_DATABASE_URL

/**
 * A writer in a process of its own, as a server's would be: transaction n signs up user n and,
 * every 10th, removes users n-10..n-6 at once (a bulk removal). It prints "ready" after its first
 * commit and stops when told (stdin closes).
 */
function startWriter(file: string) {
  const betterSqlite = createRequire(import.meta.url).resolve('better-sqlite3')
  const code = `
    const db = new (require(${JSON.stringify(betterSqlite)}))(${JSON.stringify(file)})
    db.pragma('busy_timeout = 5000')
    const insert = db.prepare("insert into users (id, name, email, locale, timezone, created_at) values (?, 'W', ?, 'sv', 'Europe/Stockholm', '2026-01-01T00:00:00.000Z')")
    const remove = db.prepare("delete from users where email between ? and ?")
    const key = (n) => 'w' + String(n).padStart(7, '0')
    const step = db.transaction((n) => {
      insert.run(key(n), key(n) + '@example.se')
      if (n % 10 === 0) remove.run(key(n - 10) + '@example.se', key(n - 6) + '@example.se')
    })
    let n = 0, stop = false, maxWaitMs = 0
    process.stdin.on('end', () => (stop = true)).resume()
    const loop = () => {
      for (let i = 0; i < 20 && !stop; i++) {
        const t = performance.now(); step(++n); maxWaitMs = Math.max(maxWaitMs, performance.now() - t)
        if (n === 1) console.log('ready')
      }
      if (stop) { console.log(JSON.stringify({ n, maxWaitMs })); db.close() } else setImmediate(loop)
    }
    loop()`
  const child = spawn(process.execPath, ['-e', code], { stdio: ['pipe', 'pipe', 'inherit'] })
  let out = ''
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (out += chunk))
  const ready = new Promise<void>((resolve) => child.stdout.on('data', () => out.includes('ready') && resolve()))
  const stopped = new Promise<{ n: number; maxWaitMs: number }>((resolve) =>
    child.on('exit', () => resolve(JSON.parse(out.trim().split('\n').at(-1)!))),
  )
  return { ready, stop: () => (child.stdin.end(), stopped) }
}

/** The users the writer's first `m` transactions leave: user n goes with transaction (n/10 + 1) * 10 when n % 10 < 5. */
function expectedWriterUsers(m: number) {
  const removed = (n: number) => n % 10 < 5 && (Math.floor(n / 10) + 1) * 10 <= m
  const keys: string[] = []
  for (let n = 1; n <= m; n++) if (!removed(n)) keys.push(`w${String(n).padStart(7, '0')}`)
  return keys
}

describe.skipIf(!sqlite)('SQLite backups', () => {
  it('backs up while a writer commits: every transaction committed before it began, whole ones only, and the app starts on the restored copy', async () => {
    const file = sqliteFileOf(process.env.DATABASE_URL)
    const dir = mkdtempSync(join(tmpdir(), 'groups-backup-'))
    const writer = startWriter(file)
    await writer.ready
    // Committed before the backup began: what this connection sees now.
    const before = Number(
      (
        await db()
          .selectFrom('users')
          .select((eb) => eb.fn.max('id').as('m'))
          .where('id', 'like', 'w%')
          .executeTakeFirstOrThrow()
      ).m!.slice(1),
    )
    const result = backupSqlite(file, dir)
    const { n, maxWaitMs } = await writer.stop()
    expect(n).toBeGreaterThan(before)

    expect(readdirSync(dir)).toEqual([expect.stringMatching(/^[\w.-]+-\d{8}T\d{6}Z\.db$/)])
    expect(integrityOf(result.file)).toBe('ok')
    const copy = new SQLite(result.file, { readonly: true })
    const keys = (copy.prepare("select id from users where id like 'w%' order by id").all() as { id: string }[]).map((r) => r.id)
    copy.close()
    const m = Number(keys.at(-1)!.slice(1))
    expect(m).toBeGreaterThanOrEqual(before)
    // A snapshot: exactly the first m transactions, each whole (sign-up and removal together).
    expect(keys).toEqual(expectedWriterUsers(m))
    expect(maxWaitMs).toBeLessThan(1000)

    // Restored in place of another database, the app migrates and reads it.
    const target = join(dir, 'restored', 'app.db')
    restoreSqlite(result.file, target)
    const restored = createDb(`file:${target}`)
    try {
      await migrateToLatest(restored)
      const count = await restored
        .selectFrom('users')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('id', 'like', 'w%')
        .executeTakeFirstOrThrow()
      expect(Number(count.n)).toBe(keys.length)
    } finally {
      await restored.destroy()
    }
  })

  it('makes its folder 0700 and the backup 0600, whatever the umask: only the server user reads it', () => {
    const previous = process.umask(0o022)
    try {
      const dir = join(mkdtempSync(join(tmpdir(), 'groups-private-')), 'backups', 'daily')
      const { file } = backupSqlite(sqliteFileOf(process.env.DATABASE_URL), dir)
      expect(statSync(dir).mode & 0o777).toBe(0o700)
      expect(statSync(join(dir, '..')).mode & 0o777).toBe(0o700)
      expect(statSync(file).mode & 0o777).toBe(0o600)
      expect(integrityOf(file)).toBe('ok')
    } finally {
      process.umask(previous)
    }
  })

  it('refuses to restore over a database a server has open, and keeps the file it replaces', async () => {
    const file = sqliteFileOf(process.env.DATABASE_URL)
    const dir = mkdtempSync(join(tmpdir(), 'groups-restore-'))
    await db().selectFrom('users').select('id').execute()
    const { file: backup } = backupSqlite(file, dir)
    expect(sqliteInUse(file)).toBe(true)
    expect(() => restoreSqlite(backup, file)).toThrow(/in use/)

    const target = join(dir, 'app.db')
    restoreSqlite(backup, target)
    expect(sqliteInUse(target)).toBe(false)
    const { replaced } = restoreSqlite(backup, target, new Date('2026-11-27T03:00:00Z'))
    expect(replaced).toBe(`${target}.replaced-20261127T030000Z`)
    expect(existsSync(replaced!)).toBe(true)
    expect(integrityOf(target)).toBe('ok')
  })

  it('refuses to restore a file that is not a sound database', () => {
    const dir = mkdtempSync(join(tmpdir(), 'groups-restore-'))
    const broken = join(dir, 'broken.db')
    writeFileSync(broken, 'not a database at all, just text')
    expect(() => restoreSqlite(broken, join(dir, 'app.db'))).toThrow()
    expect(existsSync(join(dir, 'app.db'))).toBe(false)
  })
})

/** pg_dump is PostgreSQL's client package; CI has it (npm test runs PostgreSQL), elsewhere it may be missing. */
const hasPgDump = spawnSync('pg_dump', ['--version']).status === 0

describe.skipIf(sqlite || (!hasPgDump && !process.env.CI))('PostgreSQL backups', () => {
  it('round-trips the database through pg_dump and pg_restore into a fresh database, and the app starts on it', async () => {
    const url = new URL(process.env.DATABASE_URL!)
    const schema = /search_path=(\w+)/.exec(url.searchParams.get('options') ?? '')![1]
    await createUserRow('backup-probe')
    const dir = mkdtempSync(join(tmpdir(), 'groups-pg-backup-'))
    // This test's schema only: the test database holds the other test files' schemas too.
    // (libpq reads a + in the URL's options as a plus, not a space: the URLs it gets have none.)
    const plain = new URL(url)
    plain.search = ''
    const previous = process.umask(0o022)
    const { file } = backupPostgres(plain.toString(), join(dir, 'dumps'), new Date(), [`--schema=${schema}`])
    process.umask(previous)
    expect(file).toMatch(/\.dump$/)
    // pg_dump's file too: only the server user reads it.
    expect([statSync(join(dir, 'dumps')).mode & 0o777, statSync(file).mode & 0o777]).toEqual([0o700, 0o600])

    const fresh = `restore_${randomBytes(4).toString('hex')}`
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL })
    await admin.connect()
    await admin.query(`create database ${fresh}`)
    const target = new URL(plain)
    target.pathname = `/${fresh}`
    try {
      expect(await postgresSessions(target.toString())).toBe(0)
      restorePostgres(file, target.toString())
      const restored = createDb(`${target}?options=${encodeURIComponent(`-c search_path=${schema}`)}`)
      try {
        await migrateToLatest(restored, { schema })
        const row = await restored.selectFrom('users').select('email').where('id', '=', 'backup-probe').executeTakeFirst()
        expect(row?.email).toBe('backup-probe@example.se')
      } finally {
        await restored.destroy()
      }
    } finally {
      await admin.query(`drop database if exists ${fresh} with (force)`)
      await admin.end()
    }
  })
})

async function createUserRow(id: string) {
  await db()
    .insertInto('users')
    .values({
      id,
      name: 'Probe',
      email: `${id}@example.se`,
      locale: 'sv',
      timezone: 'Europe/Stockholm',
      created_at: new Date().toISOString(),
    })
    .execute()
}
