/**
 * npm run admin -- grant <email> | revoke <email> — makes an existing account a platform admin
 * (it may then see and retry undelivered mail at /platform/mail), or no longer one.
 * npm run admin -- end-sessions <email> — ends every session of that account (it signs in again).
 * npm run admin -- end-all-sessions — ends every session of every account (everyone signs in again).
 * Against DATABASE_URL (SQLite at data/app.db when unset), migrated first.
 */
import { closeDb, db } from '../app/db/db.server'
import { migrateToLatest } from '../app/db/migrate.server'
import { endAllSessions, endSessionsOf, setPlatformAdmin } from '../app/services/platform/platform.server'

const USAGE = 'Usage: npm run admin -- grant <email> | revoke <email> | end-sessions <email> | end-all-sessions'
const [command, email, ...rest] = process.argv.slice(2)
try {
  if (command === 'end-all-sessions') {
    if (email) throw new Error(USAGE)
    await migrateToLatest(db())
    console.info(`Ended ${await endAllSessions(db())} sessions: everyone signs in again.`)
  } else if (command === 'end-sessions') {
    if (!email || rest.length) throw new Error(USAGE)
    await migrateToLatest(db())
    const ended = await endSessionsOf(db(), email)
    if (ended === null) throw new Error(`No account has the address ${email}.`)
    console.info(`Ended ${ended} sessions of ${email}.`)
  } else {
    if (!['grant', 'revoke'].includes(command ?? '') || !email || rest.length) throw new Error(USAGE)
    await migrateToLatest(db())
    if (!(await setPlatformAdmin(db(), email, command === 'grant'))) throw new Error(`No account has the address ${email}.`)
    console.info(command === 'grant' ? `${email} is now a platform admin.` : `${email} is no longer a platform admin.`)
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : error)
  process.exitCode = 1
} finally {
  await closeDb()
}
