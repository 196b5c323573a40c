/**
 * npm run bench:backup [-- --database data/bench.db]
 *
 * A backup of the large seeded database (npm run bench seeds data/bench.db; without it this seeds
 * a copy with `db:seed -- --large`) while a writer in another process commits sign-ups as fast as
 * it can: the backup's time and size, the writer's commits (count, p99, longest) alone and during
 * the backup, and a restore of the backup into a new file. docs/operations.md#backups.
 */
import { spawn } from 'node:child_process'
import { copyFileSync, existsSync, mkdtempSync, rmSync, statSync } from 'node:fs'
import { createRequire } from 'node:module'
import { loadavg, tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { parseArgs } from 'node:util'
import { backupSqlite, restoreSqlite } from '../app/db/backup.server'
import { run } from './server'

const { values } = parseArgs({ options: { database: { type: 'string', default: 'data/bench.db' } } })
const dir = mkdtempSync(join(tmpdir(), 'groups-bench-backup-'))
const file = join(dir, 'app.db')

/** Commits one sign-up per transaction until stdin closes; prints the commit times' count, p99 and max (ms). */
function writer() {
  const code = `
    const db = new (require(${JSON.stringify(createRequire(import.meta.url).resolve('better-sqlite3'))}))(${JSON.stringify(file)})
    db.pragma('busy_timeout = 5000'); db.pragma('synchronous = NORMAL')
    const insert = db.prepare("insert into users (id, name, email, locale, timezone, created_at) values (?, 'W', ?, 'sv', 'Europe/Stockholm', '2026-01-01T00:00:00.000Z')")
    const times = []; let stop = false, n = 0
    const prefix = 'bw' + process.pid + '-'
    process.stdin.on('end', () => (stop = true)).resume()
    const loop = () => {
      for (let i = 0; i < 20 && !stop; i++) { const t = performance.now(); insert.run(prefix + ++n, prefix + n + '@example.se'); times.push(performance.now() - t) }
      if (!stop) return setImmediate(loop)
      times.sort((a, b) => a - b)
      console.log(JSON.stringify({ commits: times.length, p99Ms: +times[Math.floor(times.length * 0.99)].toFixed(2), maxMs: +times.at(-1).toFixed(2) }))
      db.close()
    }
    loop()`
  const child = spawn(process.execPath, ['-e', code], { stdio: ['pipe', 'pipe', 'inherit'] })
  let out = ''
  child.stdout.setEncoding('utf8').on('data', (c: string) => (out += c))
  const done = new Promise<unknown>((r) => child.on('exit', () => r(JSON.parse(out))))
  return { stop: () => (child.stdin.end(), done) }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

async function main() {
  const source = resolve(values.database)
  if (existsSync(source)) copyFileSync(source, file)
  else
    await run(process.execPath, ['--import', 'tsx', 'scripts/db.ts', 'seed', '--large'], {
      ...process.env,
      NODE_ENV: 'development',
      DATABASE_URL: `file:${file}`,
    })

  const alone = writer()
  await sleep(2000)
  const writerAlone = await alone.stop()

  const during = writer()
  await sleep(300)
  const backup = backupSqlite(file, join(dir, 'backups'))
  const writerDuringBackup = await during.stop()

  const restoreStart = performance.now()
  restoreSqlite(backup.file, join(dir, 'restored', 'app.db'))
  const restoreMs = performance.now() - restoreStart

  console.info(
    JSON.stringify(
      {
        loadAverage: loadavg().map((v) => +v.toFixed(2)),
        databaseMB: +(statSync(file).size / 1048576).toFixed(1),
        backup: { seconds: +(backup.ms / 1000).toFixed(2), sizeMB: +(backup.bytes / 1048576).toFixed(1) },
        writerAlone2s: writerAlone,
        writerDuringBackup,
        restoreSeconds: +(restoreMs / 1000).toFixed(2),
      },
      null,
      2,
    ),
  )
  rmSync(dir, { recursive: true, force: true })
}

await main()
