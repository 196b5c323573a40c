import SQLite from 'better-sqlite3'
import { sql } from 'kysely'
import { randomBytes } from 'node:crypto'
import { execFileSync } from 'node:child_process'
import { existsSync, rmSync } from 'node:fs'
import { resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { seed } from '~/demo/seed.server'
import { folded, searchFold, swedishSortKey } from './collation'
import { createDb, db, dialectOf } from './db.server'
import { migrateToLatest } from './migrate.server'

/** Debian's sqlite3 shell (package sqlite3), where installed. */
const SQLITE_SHELL = '/usr/bin/sqlite3'

describe('database', () => {
  it('folded() folds case, accents and Swedish letters on both dialects, as searchFold does', async () => {
    const { rows } = await sql<{ v: string }>`select ${folded(db(), sql`${'ÅSA ÖBERG Ärlig Émile Müller Straße Ødegård'}`)} as v`.execute(
      db(),
    )
    expect(rows[0].v).toBe('asa oberg arlig emile muller strasse odegard')
    // Every Latin letter of U+00C0–U+024F, both cases, the same on the database as in JavaScript.
    const letters = Array.from({ length: 0x250 - 0xc0 }, (_, i) => String.fromCodePoint(0xc0 + i)).join('')
    const all = await sql<{ v: string }>`select ${folded(db(), sql`${letters}`)} as v`.execute(db())
    expect(all.rows[0].v).toBe(searchFold(letters))
  })

  it.runIf(dialectOf(process.env.DATABASE_URL) === 'sqlite')(
    'a seeded SQLite file passes the integrity check of a connection without our functions (a plain sqlite3 shell)',
    async () => {
      const file = resolve(process.env.VITEST_DB_DIR ?? 'data/test', `integrity-${randomBytes(4).toString('hex')}.db`)
      const app = createDb(`file:${file}`)
      try {
        await migrateToLatest(app)
        await seed(app)
        // The app renames a member and a group: the stored sort keys follow (migration 008).
        await app.updateTable('users').set({ name: 'Örjan Åberg' }).where('email', '=', 'erik@example.se').execute()
        await app
          .updateTable('groups')
          .set({ name: 'Ängsgruppen' })
          .where('id', '=', (eb) => eb.selectFrom('groups').select('id').limit(1))
          .execute()
      } finally {
        await app.destroy()
      }
      const plain = new SQLite(file)
      try {
        expect(plain.pragma('integrity_check')).toEqual([{ integrity_check: 'ok' }])
        // A plain shell can rebuild every index and the whole file, too.
        plain.exec('reindex')
        plain.exec('vacuum')
        expect(plain.pragma('integrity_check')).toEqual([{ integrity_check: 'ok' }])
        // The renamed member's and group's stored keys are the Swedish keys of their new names.
        const keys = plain
          .prepare(
            "select name, name_key from organization_members where name = 'Örjan Åberg' union all select name, name_key from groups where name = 'Ängsgruppen'",
          )
          .all()
        expect(keys).toEqual([
          { name: 'Örjan Åberg', name_key: swedishSortKey('Örjan Åberg') },
          { name: 'Ängsgruppen', name_key: swedishSortKey('Ängsgruppen') },
        ])
        // The system's sqlite3 shell, often older than the SQLite inside better-sqlite3, reads
        // every table and trigger as well (a trigger it cannot parse makes it refuse the file).
        if (existsSync(SQLITE_SHELL)) {
          plain.close()
          expect(execFileSync(SQLITE_SHELL, [file, 'pragma integrity_check;']).toString().trim()).toBe('ok')
          expect(execFileSync(SQLITE_SHELL, [file, '.dump']).toString()).toContain('CREATE TRIGGER package_collaborators_copy_package')
        }
      } finally {
        plain.close()
        rmSync(file, { force: true })
        rmSync(`${file}-wal`, { force: true })
        rmSync(`${file}-shm`, { force: true })
      }
    },
  )
})
