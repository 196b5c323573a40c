import { readdirSync, rmSync } from 'node:fs'
import { createRequire } from 'node:module'
import { basename, join, resolve } from 'node:path'
import { Worker } from 'node:worker_threads'
import { Gauge } from 'prom-client'
import { once } from '~/metrics.server'
import { BACKUP_FILE_MODE, backupStamp, makeBackupDir } from './backup.server'

/**
 * The server's own SQLite backups (BACKUP_DIR, BACKUP_INTERVAL_MINUTES, BACKUP_KEEP;
 * docs/operations.md#backups): every interval, the same backup as `npm run db:backup` (VACUUM INTO
 * on a connection of its own, integrity_check, then the name) in a worker thread, so the server's
 * event loop does not wait for it; then all but the newest `keep` of its backups are deleted. The
 * first runs 30 s after the start. Each is logged as one JSON line; a failure keeps the older ones.
 */

/** When the last backup that passed integrity_check was written: alert on `time() - this`. */
const lastGood = once(
  'backup_last_success_timestamp_seconds',
  () =>
    new Gauge({
      name: 'backup_last_success_timestamp_seconds',
      help: 'Unix time of the last scheduled backup that passed integrity_check (0: none yet).',
    }),
)

/** The worker: plain JavaScript, so it runs the same from the sources and from the build. */
const WORKER = `
const { workerData, parentPort } = require('node:worker_threads')
const { chmodSync, renameSync, rmSync, statSync, writeFileSync } = require('node:fs')
const SQLite = require(workerData.betterSqlite3)
const { databaseFile, file, fileMode } = workerData
const partial = file + '.partial'
rmSync(partial, { force: true })
// Empty and private before VACUUM INTO writes into it (backup.server.ts privateEmptyFile).
writeFileSync(partial, '', { mode: fileMode })
chmodSync(partial, fileMode)
try {
  const source = new SQLite(databaseFile, { readonly: true, fileMustExist: true })
  try { source.pragma('busy_timeout = 5000'); source.prepare('VACUUM INTO ?').run(partial) } finally { source.close() }
} catch (error) { rmSync(partial, { force: true }); throw error }
const check = new SQLite(partial, { readonly: true })
const integrity = check.pragma('integrity_check').map((r) => r.integrity_check).slice(0, 5).join('; ')
check.close()
if (integrity !== 'ok') { rmSync(partial, { force: true }); throw new Error('integrity_check: ' + integrity) }
renameSync(partial, file)
parentPort.postMessage({ bytes: statSync(file).size })
`

/** One backup in a worker thread; resolves with the file and its size. */
export function backupInWorker(databaseFile: string, dir: string, now = new Date()): Promise<{ file: string; bytes: number }> {
  const file = resolve(dir, `${basename(databaseFile).replace(/\.db$/, '')}-${backupStamp(now)}.db`)
  const betterSqlite3 = createRequire(import.meta.url).resolve('better-sqlite3')
  return new Promise((done, fail) => {
    const worker = new Worker(WORKER, { eval: true, workerData: { databaseFile, file, betterSqlite3, fileMode: BACKUP_FILE_MODE } })
    let bytes: number | undefined
    worker.once('message', (m: { bytes: number }) => (bytes = m.bytes))
    worker.once('error', fail)
    worker.once('exit', (code) => (bytes !== undefined ? done({ file, bytes }) : fail(new Error(`the backup stopped (exit ${code})`))))
  })
}

/** Deletes all but the newest `keep` backups of this database in `dir` (their names sort by time). */
export function pruneBackups(databaseFile: string, dir: string, keep: number): string[] {
  const prefix = `${basename(databaseFile).replace(/\.db$/, '')}-`
  const ours = readdirSync(dir)
    .filter((name) => name.startsWith(prefix) && /-\d{8}T\d{6}Z\.db$/.test(name))
    .sort()
  const old = ours.slice(0, Math.max(0, ours.length - keep))
  for (const name of old) rmSync(join(dir, name), { force: true })
  return old
}

const FIRST_BACKUP_AFTER_MS = 30_000

export interface BackupSchedule {
  /** The backup under way finishes (it is one statement); none starts after. */
  stop: () => Promise<void>
  /** Runs one now (tests); resolves when it is written, checked and the old ones pruned. */
  runNow: () => Promise<void>
}

export function startBackupSchedule(opts: {
  databaseFile: string
  dir: string
  intervalMs: number
  keep: number
  now?: () => Date
  log?: Pick<Console, 'info' | 'error'>
}): BackupSchedule {
  const { now = () => new Date(), log = console } = opts
  let running: Promise<void> | undefined
  const run = () => {
    running ??= (async () => {
      const started = performance.now()
      try {
        const { file, bytes } = await backupInWorker(opts.databaseFile, opts.dir, now())
        lastGood.set(now().getTime() / 1000)
        const pruned = pruneBackups(opts.databaseFile, opts.dir, opts.keep)
        log.info(
          JSON.stringify({
            t: now().toISOString(),
            backup: file,
            bytes,
            ms: Math.round(performance.now() - started),
            pruned: pruned.length,
          }),
        )
      } catch (error) {
        log.error(`backup: failed (${(error as Error).message}); the previous ones are kept`)
      }
    })().finally(() => (running = undefined))
    return running
  }
  makeBackupDir(opts.dir)
  const timer = setInterval(() => void run(), opts.intervalMs)
  timer.unref()
  // The first soon after the start, so a wrong folder shows in the log at once.
  const first = setTimeout(() => void run(), Math.min(opts.intervalMs, FIRST_BACKUP_AFTER_MS))
  first.unref()
  return {
    stop: async () => {
      clearInterval(timer)
      clearTimeout(first)
      await running
    },
    runNow: run,
  }
}
