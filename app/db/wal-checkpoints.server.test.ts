import { sql } from 'kysely'
import { mkdtempSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it, vi } from 'vitest'
import { createDb } from './db.server'
import { SAFETY_NET_PAGES, startWalCheckpoints } from './wal-checkpoints.server'

const autocheckpoint = async (db: ReturnType<typeof createDb>) =>
  Number(Object.values((await sql<Record<string, number>>`pragma wal_autocheckpoint`.execute(db)).rows[0]!)[0])

describe('WAL checkpoints in a worker thread', () => {
  it('copies the log a write left into the database file, off the server’s connection, whose own checkpoint waits for the safety net', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'groups-wal-')), 'wal.db')
    const db = createDb(`file:${file}`)
    await sql`create table t (id integer primary key, body text)`.execute(db)
    const results: { pages: number; copied: number }[] = []
    const log = { error: vi.fn() }
    const checkpoints = await startWalCheckpoints(db, {
      databaseFile: file,
      intervalMs: 3_600_000,
      onCheckpoint: (r) => results.push(r),
      log,
    })
    try {
      expect(await autocheckpoint(db)).toBe(SAFETY_NET_PAGES)
      // ~2 MB of rows: 500 pages of log, under the server connection's own threshold now.
      const body = 'x'.repeat(4000)
      for (let i = 0; i < 500; i++) await sql`insert into t (body) values (${body})`.execute(db)
      expect(statSync(`${file}-wal`).size).toBeGreaterThan(2_000_000)
      checkpoints.now()
      await vi.waitFor(() => expect(results.length).toBeGreaterThan(0), { timeout: 5_000 })
      expect(results[0]!.pages).toBeGreaterThan(500)
      expect(results[0]!.copied).toBe(results[0]!.pages)
      // The file holds the rows without its log: a new connection reads them after a checkpoint.
      const { rows } = await sql<{ n: number }>`select count(*) as n from t`.execute(db)
      expect(Number(rows[0]!.n)).toBe(500)
      expect(log.error).not.toHaveBeenCalled()
    } finally {
      await checkpoints.stop()
    }
    expect(await autocheckpoint(db)).toBe(1000)
    await db.destroy()
  })
  it('says so when the worker cannot open the database, and still stops', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'groups-wal-'))
    const db = createDb(`file:${join(dir, 'real.db')}`)
    const log = { error: vi.fn() }
    const checkpoints = await startWalCheckpoints(db, { databaseFile: join(dir, 'missing.db'), log })
    await vi.waitFor(() => expect(log.error).toHaveBeenCalledWith(expect.stringContaining('the server’s own checkpoint remains')), {
      timeout: 5_000,
    })
    await checkpoints.stop()
    await db.destroy()
  })
})
