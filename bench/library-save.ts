/**
 * Saving a wizard step of a package (issue 11: < 50 ms p99), in process against the bench
 * database: the bench's step `library-save` (bench/run.ts), or on its own
 * `node --import tsx bench/library-save.ts [DATABASE_URL]` (default data/bench.db after
 * `npm run bench`, or any migrated database; SAVES=n saves per step, default 200).
 * It makes a package of 20 roles and 500 tasks owned by a throwaway user, then times n saves of
 * each step in a row, each with the version the previous one returned (as the wizard posts
 * them): step 1 (basics), step 2 (the whole role list, reordered), step 3 (one role's 25 tasks,
 * and all 500, a quarter as many times). The user and the package are deleted afterwards.
 */
import type { DB } from '../app/db/db.server'
import type { Ctx } from '../app/services/context.server'

export const LIBRARY_SAVE_MAX_P99_MS = 50

export interface LibrarySaveRow {
  step: string
  saves: number
  p50Ms: number
  p99Ms: number
  maxMs: number
}

const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]

export async function librarySave(db: DB, saves = 200): Promise<LibrarySaveRow[]> {
  const { createDraft, saveBasics, saveEntities, saveRoles } = await import('../app/services/library/packages.server')
  const { getPackage } = await import('../app/services/library/package-view.server')
  const { newId, nowIso } = await import('../app/utils/ids.server')
  const userId = newId()
  await db
    .insertInto('users')
    .values({
      id: userId,
      name: 'Bench Saver',
      email: `bench-save-${userId}@example.se`,
      password_hash: null,
      email_verified_at: nowIso(),
      locale: 'sv',
      timezone: 'Europe/Stockholm',
      created_at: nowIso(),
    })
    .execute()
  try {
    const actor = await db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirstOrThrow()
    const ctx = (): Ctx => ({ db, actor, now: new Date(), client: 'bench' })
    const draft = await createDraft(ctx(), { name: 'Bench save', language: 'sv', tags: ['bench'] })
    const { packageId } = draft
    let { version } = draft
    ;({ version } = await saveRoles(ctx(), { packageId, version, roles: Array.from({ length: 20 }, (_, i) => ({ name: `Roll ${i}` })) }))
    const roles = (await getPackage(ctx(), packageId)).roles
    const all = roles.flatMap((r) =>
      Array.from({ length: 25 }, (_, t) => ({
        roleId: r.id,
        title: `Uppgift ${t}`,
        instructions: 'Läs https://example.se',
        kind: 'task' as const,
        dayOffset: t,
      })),
    )
    ;({ version } = await saveEntities(ctx(), { packageId, version, entities: all }))

    const steps: [string, number, (v: number, i: number) => Promise<{ version: number }>][] = [
      [
        'step 1 basics',
        saves,
        (v, i) =>
          saveBasics(ctx(), {
            packageId,
            version: v,
            name: `Bench save ${i}`,
            description: 'x'.repeat(2000),
            language: 'sv',
            tags: ['a', 'b'],
          }),
      ],
      [
        'step 2 roles (20, reordered)',
        saves,
        (v, i) =>
          saveRoles(ctx(), {
            packageId,
            version: v,
            roles: (i % 2 ? roles : [...roles].reverse()).map((r) => ({ id: r.id, name: r.name })),
          }),
      ],
      [
        'step 3 one role (25 tasks)',
        saves,
        (v, i) =>
          saveEntities(ctx(), {
            packageId,
            version: v,
            roleId: roles[0].id,
            entities: all.slice(0, 25).map((e) => ({ ...e, title: `${e.title} ${i}` })),
          }),
      ],
      [
        'step 3 all (500 tasks)',
        Math.ceil(saves / 4),
        (v, i) => saveEntities(ctx(), { packageId, version: v, entities: all.map((e) => ({ ...e, title: `${e.title} ${i}` })) }),
      ],
    ]
    const rows: LibrarySaveRow[] = []
    for (const [step, n, save] of steps) {
      const times: number[] = []
      for (let i = 0; i < n; i++) {
        const t = performance.now()
        ;({ version } = await save(version, i))
        times.push(performance.now() - t)
      }
      times.sort((a, b) => a - b)
      rows.push({ step, saves: n, p50Ms: quantile(times, 0.5), p99Ms: quantile(times, 0.99), maxMs: times[times.length - 1] })
    }
    return rows
  } finally {
    // Owned packages go with their owner (cascade).
    await db.deleteFrom('users').where('id', '=', userId).execute()
  }
}

export const printLibrarySave = (rows: LibrarySaveRow[]) => {
  for (const r of rows) {
    console.info(
      `${r.step.padEnd(30)} n=${r.saves}  p50 ${r.p50Ms.toFixed(1)} ms  p99 ${r.p99Ms.toFixed(1)} ms  max ${r.maxMs.toFixed(1)} ms`,
    )
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { createDb } = await import('../app/db/db.server')
  const { migrateToLatest } = await import('../app/db/migrate.server')
  const db = createDb(process.argv[2] ?? process.env.DATABASE_URL ?? 'file:./data/bench.db')
  try {
    await migrateToLatest(db)
    printLibrarySave(await librarySave(db, Number(process.env.SAVES ?? 200)))
  } finally {
    await db.destroy()
  }
}
