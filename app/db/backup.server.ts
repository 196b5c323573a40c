import SQLite from 'better-sqlite3'
import { spawnSync } from 'node:child_process'
import { chmodSync, copyFileSync, existsSync, mkdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { basename, dirname, resolve } from 'node:path'
import pg from 'pg'

/**
 * Backups that restore (docs/operations.md#backups): `npm run db:backup -- <dir>` and
 * `npm run db:restore -- <file>` (scripts/db-backup.ts).
 *
 * SQLite: `VACUUM INTO` on a connection of its own reads one snapshot of the database (every
 * transaction committed before it began, none after) and writes it compacted to a new file; in
 * WAL mode the server's writers go on meanwhile (a reader never blocks them). The copy counts only
 * once `integrity_check` says ok: it is written under a temporary name and renamed then.
 * PostgreSQL: `pg_dump --format=custom`, restored with `pg_restore --clean`.
 */

/** The SQLite file of a DATABASE_URL (unset: data/app.db), as db.server.ts opens it. */
export const sqliteFileOf = (url: string | undefined) => resolve(url ? url.slice('file:'.length) : 'data/app.db')

/** `app-20261127T031500Z`: the time in the name sorts as it reads. */
export const backupStamp = (now: Date) =>
  now
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z')

/** `ok`, or what SQLite's integrity_check found wrong (its first lines). */
export function integrityOf(file: string): string {
  const check = new SQLite(file, { readonly: true, fileMustExist: true })
  try {
    const rows = check.pragma('integrity_check') as { integrity_check: string }[]
    return rows
      .map((r) => r.integrity_check)
      .slice(0, 5)
      .join('; ')
  } finally {
    check.close()
  }
}

/**
 * Backups hold every account's data (password hashes, sessions' hashes, emails): only the server's
 * user may read them, whatever its umask. A folder made for them is 0700; a backup file is made
 * empty with 0600 before anything is written into it (VACUUM INTO and pg_dump write into an empty
 * file and keep its mode), so not even the partial file is readable by others.
 */
export const BACKUP_DIR_MODE = 0o700
export const BACKUP_FILE_MODE = 0o600

/** Makes the backup folder (and any missing parent) 0700; a folder that exists keeps its mode (the operator's choice). */
export function makeBackupDir(dir: string) {
  const made = mkdirSync(dir, { recursive: true, mode: BACKUP_DIR_MODE })
  // mkdir's mode passes through the umask, which may take bits away but never adds them; chmod says it exactly.
  if (made) chmodSync(dir, BACKUP_DIR_MODE)
}

/** An empty file only the owner may read and write, for a backup to be written into. */
export function privateEmptyFile(file: string) {
  rmSync(file, { force: true })
  writeFileSync(file, '', { mode: BACKUP_FILE_MODE })
  chmodSync(file, BACKUP_FILE_MODE)
}

export interface BackupResult {
  file: string
  bytes: number
  ms: number
}

/** Backs up a SQLite database into `dir` (made if missing) as `<name>-<time>.db`, checked. */
export function backupSqlite(databaseFile: string, dir: string, now = new Date()): BackupResult {
  const started = performance.now()
  makeBackupDir(dir)
  const name = basename(databaseFile).replace(/\.db$/, '')
  const file = resolve(dir, `${name}-${backupStamp(now)}.db`)
  if (existsSync(file)) throw new Error(`${file} exists already`)
  const partial = `${file}.partial`
  privateEmptyFile(partial)
  try {
    const source = new SQLite(databaseFile, { readonly: true, fileMustExist: true })
    try {
      source.pragma('busy_timeout = 5000')
      source.prepare('VACUUM INTO ?').run(partial)
    } finally {
      source.close()
    }
  } catch (error) {
    rmSync(partial, { force: true })
    throw error
  }
  const integrity = integrityOf(partial)
  if (integrity !== 'ok') {
    rmSync(partial, { force: true })
    throw new Error(`the backup failed integrity_check (${integrity}); nothing was kept`)
  }
  renameSync(partial, file)
  return { file, bytes: statSync(file).size, ms: performance.now() - started }
}

/**
 * True when another connection has the database open (a server): SQLite's exclusive lock is then
 * refused. In WAL mode every open connection that has read holds a shared lock until it closes.
 */
export function sqliteInUse(databaseFile: string): boolean {
  if (!existsSync(databaseFile)) return false
  const probe = new SQLite(databaseFile, { timeout: 0, fileMustExist: true })
  try {
    probe.pragma('locking_mode = exclusive')
    probe.exec('BEGIN EXCLUSIVE')
    probe.exec('ROLLBACK')
    return false
  } catch (error) {
    if ((error as { code?: string }).code === 'SQLITE_BUSY') return true
    throw error
  } finally {
    probe.close()
  }
}

/**
 * Puts a SQLite backup in place of the database: refused while a server has it open; the file it
 * replaces (with its -wal, if any) is kept beside it as `<file>.replaced-<time>`. Returns that name.
 */
export function restoreSqlite(backupFile: string, databaseFile: string, now = new Date()): { replaced: string | null } {
  const integrity = integrityOf(backupFile)
  if (integrity !== 'ok') throw new Error(`${backupFile} failed integrity_check (${integrity}): not restored`)
  if (sqliteInUse(databaseFile)) throw new Error(`${databaseFile} is in use (a server has it open): stop it first`)
  mkdirSync(dirname(databaseFile), { recursive: true })
  const incoming = `${databaseFile}.restoring`
  copyFileSync(backupFile, incoming)
  let replaced: string | null = null
  if (existsSync(databaseFile)) {
    replaced = `${databaseFile}.replaced-${backupStamp(now)}`
    renameSync(databaseFile, replaced)
    for (const suffix of ['-wal', '-shm']) {
      if (existsSync(databaseFile + suffix)) renameSync(databaseFile + suffix, replaced + suffix)
    }
  }
  renameSync(incoming, databaseFile)
  return { replaced }
}

/** Runs pg_dump or pg_restore; a missing binary says what to install. */
function runPg(command: 'pg_dump' | 'pg_restore' | 'psql', args: string[]) {
  const result = spawnSync(command, args, { stdio: ['ignore', 'inherit', 'pipe'], encoding: 'utf8' })
  if (result.error && (result.error as NodeJS.ErrnoException).code === 'ENOENT') {
    throw new Error(`${command} is not installed (Debian: apt-get install postgresql-client, the server's major version or newer)`)
  }
  if (result.status !== 0) throw new Error(`${command} failed (exit ${result.status}): ${result.stderr.trim()}`)
}

/** pg_dump in its custom format (compressed; pg_restore can restore one table or all). */
export function backupPostgres(url: string, dir: string, now = new Date(), extraArgs: string[] = []): BackupResult {
  const started = performance.now()
  makeBackupDir(dir)
  const name = decodeURIComponent(new URL(url).pathname.slice(1)) || 'postgres'
  const file = resolve(dir, `${name}-${backupStamp(now)}.dump`)
  const partial = `${file}.partial`
  privateEmptyFile(partial)
  try {
    runPg('pg_dump', ['--format=custom', '--no-owner', `--file=${partial}`, ...extraArgs, url])
  } catch (error) {
    rmSync(partial, { force: true })
    throw error
  }
  renameSync(partial, file)
  return { file, bytes: statSync(file).size, ms: performance.now() - started }
}

/**
 * pg_restore of a dump over the database: its objects are dropped and made again (--clean). The
 * extensions the schema needs (pg_trgm in `public`, migration 033) are created first: a dump of
 * one schema does not carry an extension of another.
 */
export function restorePostgres(file: string, url: string, extraArgs: string[] = []) {
  runPg('psql', ['--no-psqlrc', '--quiet', '-v', 'ON_ERROR_STOP=1', '-c', 'create extension if not exists pg_trgm with schema public', url])
  runPg('pg_restore', [
    '--clean',
    '--if-exists',
    '--no-owner',
    '--exit-on-error',
    '--single-transaction',
    `--dbname=${url}`,
    ...extraArgs,
    file,
  ])
}

/** Other sessions on the PostgreSQL database (servers): a restore would fight them for its tables. */
export async function postgresSessions(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    const { rows } = await client.query<{ n: string }>(
      'select count(*) as n from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
    )
    return Number(rows[0].n)
  } finally {
    await client.end()
  }
}
