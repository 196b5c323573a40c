import SQLite from 'better-sqlite3'
import { sql } from 'kysely'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { createDb } from './db.server'

describe('SQLite transactions', () => {
  it('hold the write lock from their start: another connection cannot write between their read and their write', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'groups-tx-')), 'tx.db')
    const db = createDb(`file:${file}`)
    await sql`create table t (id integer primary key, n integer)`.execute(db)
    await sql`insert into t (n) values (1)`.execute(db)
    const other = new SQLite(file, { timeout: 0 })
    try {
      await db.transaction().execute(async (tx) => {
        const { rows } = await sql<{ n: number }>`select n from t`.execute(tx)
        // With a deferred BEGIN this write would succeed, and the transaction's own write below fail (SQLITE_BUSY).
        expect(() => other.prepare('update t set n = 99').run()).toThrow(/locked|busy/i)
        await sql`update t set n = ${rows[0]!.n + 1}`.execute(tx)
      })
      expect(other.prepare('select n from t').get()).toEqual({ n: 2 })
    } finally {
      other.close()
      await db.destroy()
    }
  })
})
