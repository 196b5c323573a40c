/**
 * npm run db:backup -- <dir>   a consistent backup of DATABASE_URL's database into <dir>, named by
 *                              time: SQLite (VACUUM INTO, checked with integrity_check) while the
 *                              server runs and writes; PostgreSQL with pg_dump (custom format).
 * npm run db:restore -- <file> puts a backup in place: refused while a server uses the database;
 *                              SQLite keeps the file it replaces as <file>.replaced-<time>.
 * Against DATABASE_URL (SQLite at data/app.db when unset). docs/operations.md#backups.
 */
import { dialectOf } from '../app/db/db.server'
import { backupPostgres, backupSqlite, postgresSessions, restorePostgres, restoreSqlite, sqliteFileOf } from '../app/db/backup.server'

const USAGE = 'Usage: npm run db:backup -- <dir> | npm run db:restore -- <file>'
const [command, target, ...rest] = process.argv.slice(2)
const url = process.env.DATABASE_URL || undefined
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`
try {
  if (!['backup', 'restore'].includes(command ?? '') || !target || rest.length) throw new Error(USAGE)
  if (command === 'backup') {
    const result = dialectOf(url) === 'postgres' ? backupPostgres(url!, target) : backupSqlite(sqliteFileOf(url), target)
    console.info(`Backed up to ${result.file} (${mb(result.bytes)}, ${(result.ms / 1000).toFixed(1)} s).`)
  } else if (dialectOf(url) === 'postgres') {
    const others = await postgresSessions(url!)
    if (others > 0) throw new Error(`${others} other session(s) use the database (a server?): stop them first`)
    restorePostgres(target, url!)
    console.info(`Restored ${target}. Start the server: it migrates what is newer than the backup.`)
  } else {
    const file = sqliteFileOf(url)
    const { replaced } = restoreSqlite(target, file)
    console.info(
      `Restored ${target} to ${file}${replaced ? `; the file it replaced is ${replaced}` : ''}. Start the server: it migrates what is newer than the backup.`,
    )
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : error)
  process.exitCode = 1
}
