/**
 * Runs the subscribers' weekly digest job (app/services/group-work/loop-digest.server.ts) once
 * against the e2e database, at the moment given as the first argument (an ISO time): the clock of
 * the digest journeys. The server's outbox worker sends what it queues.
 *
 *   DATABASE_URL=file:… APP_URL=http://localhost:3210 npx tsx tests/support/e2e/run-digest.ts 2026-11-30T06:30:00Z
 */
import { closeDb, db } from '~/db/db.server'
import { sendDueDigests } from '~/services/group-work/loop-digest.server'

const at = new Date(process.argv[2] ?? Date.now())
const sent = await sendDueDigests(db(), at)
await closeDb()
console.log(JSON.stringify({ sent }))
