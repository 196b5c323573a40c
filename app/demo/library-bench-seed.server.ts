import type { DB } from '~/db/db.server'
import { searchColumns } from '~/services/library/search'
import { newId } from '~/utils/ids.server'
import { seededRandom } from '~/utils/seeded-random'
import { batches } from '~/db/batches'

/** The benchmark's library (docs/testing.md "Benchmark"): packages visible to admin@example.se and one package of 500 tasks. */
export const BENCH_VISIBLE_PACKAGES = 5000
export const BENCH_LARGE_PACKAGE = 'Storpaketet (500 uppgifter)'

const WORDS = 'skolstart mentor friluftsdag föräldramöte programmering matematik läsning utflykt elevråd introduktion prov schema'.split(
  ' ',
)

/**
 * With `--large`: 5,000 packages visible to admin@example.se (half their own, half Erik's shared
 * with them, a tenth of those with edit access), 2,000 packages of Emma's that admin cannot see,
 * and one package of 20 roles × 25 tasks (500, the limit) owned by admin. Rows in batches of 500.
 * Idempotent: nothing is written once the large package exists.
 */
export async function seedBenchLibrary(db: DB): Promise<string | null> {
  const users = await db
    .selectFrom('users')
    .select(['id', 'email'])
    .where('email', 'in', ['admin@example.se', 'erik@example.se', 'emma@example.se'])
    .execute()
  const idOf = new Map(users.map((u) => [u.email, u.id]))
  const [adminId, erikId, emmaId] = ['admin@example.se', 'erik@example.se', 'emma@example.se'].map((e) => idOf.get(e)!)
  if (await db.selectFrom('packages').select('id').where('name', '=', BENCH_LARGE_PACKAGE).executeTakeFirst()) return null
  const next = seededRandom(3)
  const pick = <T>(items: readonly T[]) => items[Math.floor(next() * items.length)]
  const base = Date.now() - 365 * 86_400_000
  const packageRow = (ownerId: string, i: number, name: string, roleCount: number, entityCount: number) => {
    const at = new Date(base + Math.floor(next() * 364 * 86_400_000)).toISOString()
    const tags = [pick(WORDS), `tagg${i % 40}`]
    const description = `Paket nummer ${i} om ${pick(WORDS)} och ${pick(WORDS)}.`
    return {
      id: newId(),
      owner_id: ownerId,
      name,
      description,
      language: (i % 5 === 0 ? 'en' : 'sv') as 'sv' | 'en',
      tags: JSON.stringify(tags),
      ...searchColumns({ name, description, tags }),
      status: 'published' as const,
      version: 1,
      role_count: roleCount,
      entity_count: entityCount,
      created_at: at,
      updated_at: at,
      published_at: at,
    }
  }
  const name = (i: number) => `${pick(WORDS)[0].toUpperCase()}${pick(WORDS).slice(1)} ${i}`
  const own = Array.from({ length: BENCH_VISIBLE_PACKAGES / 2 }, (_, i) => packageRow(adminId, i, name(i), 0, 0))
  const shared = Array.from({ length: BENCH_VISIBLE_PACKAGES / 2 }, (_, i) => packageRow(erikId, i + 10_000, name(i + 10_000), 0, 0))
  const hidden = Array.from({ length: 2000 }, (_, i) => packageRow(emmaId, i + 20_000, name(i + 20_000), 0, 0))
  const large = packageRow(adminId, 99_999, BENCH_LARGE_PACKAGE, 20, 500)
  const roles = Array.from({ length: 20 }, (_, r) => ({
    id: newId(),
    package_id: large.id,
    name: `Roll ${r + 1}`,
    description: `Rollen nummer ${r + 1}.`,
    position: r,
  }))
  const entities = roles.flatMap((role, r) =>
    Array.from({ length: 25 }, (_, t) => ({
      id: newId(),
      package_id: large.id,
      role_id: role.id,
      title: `Uppgift ${t + 1} för ${role.name.toLowerCase()}`,
      instructions: `Gör uppgift ${t + 1}. Läs mer på https://example.se/uppgift/${r * 25 + t + 1}`,
      kind: pick(['task', 'reading', 'assignment', 'meeting', 'reflection']),
      day_offset: t,
      position: r * 25 + t,
    })),
  )
  const collaborators = shared.map((p, i) => ({
    package_id: p.id,
    user_id: adminId,
    access: (i % 10 === 0 ? 'edit' : 'view') as 'view' | 'edit',
    created_at: p.created_at,
  }))
  await db.transaction().execute(async (trx) => {
    const packages = [...own, ...shared, ...hidden, large]
    for (const batch of batches(packages, 200)) await trx.insertInto('packages').values(batch).execute()
    await trx.insertInto('package_roles').values(roles).execute()
    for (const part of batches(entities, 100)) await trx.insertInto('package_entities').values(part).execute()
    for (const part of batches(collaborators)) await trx.insertInto('package_collaborators').values(part).execute()
  })
  return `Bench library: ${own.length + shared.length + 1} packages visible to admin@example.se, ${hidden.length} hidden, "${BENCH_LARGE_PACKAGE}" ${large.id}`
}
