/**
 * Saving a wizard step of a package (issue 11: < 50 ms p99), in process against a database:
 * `node --import tsx bench/library-save.ts [DATABASE_URL]` (default: the bench database
 * data/bench.db after `npm run bench`, or any migrated database). It makes a package of 20 roles
 * and 500 tasks owned by a throwaway user, then times N saves of each step in a row, each with the
 * version the previous one returned (as the wizard posts them): step 1 (basics), step 2 (the whole
 * role list, reordered), step 3 (one role's 25 tasks, and all 500). Prints p50/p99/max per step.
 */
import { closeDb, db } from '../app/db/db.server'
import { migrateToLatest } from '../app/db/migrate.server'
import { ctxFor } from '../app/services/context.server'
import { createDraft, getPackage, saveBasics, saveEntities, saveRoles } from '../app/services/library/packages.server'
import { newId, nowIso } from '../app/utils/ids.server'

const N = Number(process.env.SAVES ?? 200)
if (!process.env.DATABASE_URL) process.env.DATABASE_URL = process.argv[2] ?? 'file:./data/bench.db'

const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]

async function main() {
  await migrateToLatest(db())
  const userId = newId()
  await db()
    .insertInto('users')
    .values({ id: userId, name: 'Bench Saver', email: `bench-save-${userId}@example.se`, password_hash: null, email_verified_at: nowIso(), locale: 'sv', timezone: 'Europe/Stockholm', created_at: nowIso() })
    .execute()
  const user = await db().selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirstOrThrow()
  const ctx = () => ctxFor(user as never)
  let { packageId, version } = await createDraft(ctx(), { name: 'Bench save', language: 'sv', tags: ['bench'] })
  ;({ version } = await saveRoles(ctx(), { packageId, version, roles: Array.from({ length: 20 }, (_, i) => ({ name: `Roll ${i}` })) }))
  const roles = (await getPackage(ctx(), packageId)).roles
  const all = roles.flatMap((r) => Array.from({ length: 25 }, (_, t) => ({ roleId: r.id, title: `Uppgift ${t}`, instructions: 'Läs https://example.se', kind: 'task' as const, dayOffset: t })))
  ;({ version } = await saveEntities(ctx(), { packageId, version, entities: all }))

  const steps: [string, (v: number, i: number) => Promise<{ version: number }>][] = [
    ['step 1 basics', (v, i) => saveBasics(ctx(), { packageId, version: v, name: `Bench save ${i}`, description: 'x'.repeat(2000), language: 'sv', tags: ['a', 'b'] })],
    ['step 2 roles (20, reordered)', (v, i) => saveRoles(ctx(), { packageId, version: v, roles: (i % 2 ? roles : [...roles].reverse()).map((r) => ({ id: r.id, name: r.name })) })],
    ['step 3 one role (25 tasks)', (v, i) => saveEntities(ctx(), { packageId, version: v, roleId: roles[0].id, entities: all.slice(0, 25).map((e) => ({ ...e, title: `${e.title} ${i}` })) })],
    ['step 3 all (500 tasks)', (v, i) => saveEntities(ctx(), { packageId, version: v, entities: all.map((e) => ({ ...e, title: `${e.title} ${i}` })) })],
  ]
  for (const [label, save] of steps) {
    const times: number[] = []
    const n = label.includes('500') ? Math.ceil(N / 4) : N
    for (let i = 0; i < n; i++) {
      const t = performance.now()
      ;({ version } = await save(version, i))
      times.push(performance.now() - t)
    }
    times.sort((a, b) => a - b)
    console.info(`${label.padEnd(30)} n=${n}  p50 ${quantile(times, 0.5).toFixed(1)} ms  p99 ${quantile(times, 0.99).toFixed(1)} ms  max ${times[times.length - 1].toFixed(1)} ms`)
  }
  await db().deleteFrom('users').where('id', '=', userId).execute()
}

try {
  await main()
} finally {
  await closeDb()
}
