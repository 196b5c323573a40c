import { existsSync, mkdtempSync, readdirSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { register } from 'prom-client'
import { describe, expect, it, vi } from 'vitest'
import { startBackupSchedule } from './backup-schedule.server'
import { integrityOf, sqliteFileOf } from './backup.server'
import { db } from './db.server'

describe.skipIf(!!process.env.TEST_DATABASE_URL)('scheduled SQLite backups', () => {
  it('backs up in a worker thread, keeps the newest BACKUP_KEEP and says when the last good one was', async () => {
    process.umask(0o022)
    await db().selectFrom('users').select('id').execute()
    const dir = join(mkdtempSync(join(tmpdir(), 'groups-schedule-')), 'backups')
    let clock = new Date('2026-11-27T01:00:00Z')
    const log = { info: vi.fn(), error: vi.fn() }
    const schedule = startBackupSchedule({
      databaseFile: sqliteFileOf(process.env.DATABASE_URL),
      dir,
      intervalMs: 3_600_000,
      keep: 2,
      now: () => clock,
      log,
    })
    try {
      for (const time of ['01:00', '02:00', '03:00']) {
        clock = new Date(`2026-11-27T${time}:00Z`)
        await schedule.runNow()
      }
    } finally {
      await schedule.stop()
    }
    const files = readdirSync(dir).sort()
    expect(files).toEqual([expect.stringMatching(/-20261127T020000Z\.db$/), expect.stringMatching(/-20261127T030000Z\.db$/)])
    // Only the server's user reads them, whatever the umask (022 in this test process).
    expect(statSync(dir).mode & 0o777).toBe(0o700)
    for (const name of files) expect(statSync(join(dir, name)).mode & 0o777).toBe(0o600)
    expect(integrityOf(join(dir, files[1]))).toBe('ok')
    expect(log.error).not.toHaveBeenCalled()
    expect(JSON.parse(log.info.mock.calls[2][0] as string)).toMatchObject({ pruned: 1 })
    expect(await register.getSingleMetricAsString('backup_last_success_timestamp_seconds')).toContain(
      `backup_last_success_timestamp_seconds ${Date.parse('2026-11-27T03:00:00Z') / 1000}`,
    )
  })

  it('logs a failed backup and keeps what it had', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'groups-schedule-'))
    const log = { info: vi.fn(), error: vi.fn() }
    const schedule = startBackupSchedule({ databaseFile: join(dir, 'missing.db'), dir, intervalMs: 3_600_000, keep: 2, log })
    await schedule.runNow()
    await schedule.stop()
    expect(log.error).toHaveBeenCalledWith(expect.stringMatching(/^backup: failed/))
    expect(existsSync(join(dir, 'missing.db'))).toBe(false)
    expect(readdirSync(dir)).toEqual([])
  })
})
