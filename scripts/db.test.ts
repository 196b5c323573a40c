import { spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'

const dir = mkdtempSync(join(tmpdir(), 'db-script-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

/** `npm run db:<command>` (tsx scripts/db.ts <command>) against a database file of its own. */
const db = (command: 'seed' | 'migrate', env: Record<string, string>) => {
  const file = join(dir, `${command}-${env.NODE_ENV}.db`)
  const result = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/db.ts', command], {
    env: { ...process.env, DATABASE_URL: `file:${file}`, ...env },
    encoding: 'utf8',
  })
  return { ...result, file }
}

describe('npm run db:seed', () => {
  it('refuses to run in production and touches no database', () => {
    const { status, stderr, file } = db('seed', { NODE_ENV: 'production' })
    expect(status).toBe(1)
    expect(stderr).toContain('db:seed refuses to run in production')
    expect(existsSync(file)).toBe(false)
  })

  it('seeds outside production (npm run demo), and migrations run in production', () => {
    const seeded = db('seed', { NODE_ENV: 'development' })
    expect(seeded.stdout).toContain('Seeded in')
    expect(seeded.status).toBe(0)
    const production = {
      NODE_ENV: 'production',
      APP_URL: 'https://groups.example.se',
      SESSION_SECRET: 'x'.repeat(32),
      SMTP_URL: 'smtp://127.0.0.1:1',
    }
    const migrated = db('migrate', production)
    expect(migrated.stdout).toMatch(/Migrated: /)
    expect(existsSync(migrated.file)).toBe(true)
  })
})
