/**
 * npm run admin -- grant <email> | revoke <email> — makes an existing account a platform admin
 * (it may then see and retry undelivered mail at /platform/mail), or no longer one. Against
 * DATABASE_URL (SQLite at data/app.db when unset), migrated first.
 */
import { closeDb, db } from '../app/db/db.server'
import { migrateToLatest } from '../app/db/migrate.server'
import { setPlatformAdmin } from '../app/services/platform/platform.server'

const USAGE = 'Usage: npm run admin -- grant <email> | revoke <email>'
const [command, email, ...rest] = process.argv.slice(2)
try {
  if (!['grant', 'revoke'].includes(command ?? '') || !email || rest.length) throw new Error(USAGE)
  await migrateToLatest(db())
  if (!(await setPlatformAdmin(db(), email, command === 'grant'))) throw new Error(`No account has the address ${email}.`)
  console.info(command === 'grant' ? `${email} is now a platform admin.` : `${email} is no longer a platform admin.`)
} catch (error) {
  console.error(error instanceof Error ? error.message : error)
  process.exitCode = 1
} finally {
  await closeDb()
}
