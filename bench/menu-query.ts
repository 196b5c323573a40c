/**
 * The side menu's groups query alone (issue 25 target 3), in process on data/bench.db after a run
 * (`npm run bench` or `npm run bench:elements`): the join of migration 020's time against the one
 * index range of migration 033, for the admin and the member of 200 groups, median and p99 of
 * 2,000 calls each. `node --import tsx bench/menu-query.ts [DATABASE_URL]`
 */
import { join } from 'node:path'
import { sql } from 'kysely'
import { swedishStored } from '../app/db/collation'
import { createDb } from '../app/db/db.server'
import { migrateToLatest } from '../app/db/migrate.server'
import { MENU_GROUP_LIMIT, menuGroupsQuery } from '../app/services/groups/menu.server'
import { ADMIN, BENCH_DB } from './database'
import { GROUPS_USER } from './groups-seed'
import { fixed, table } from './report'
import { ROOT } from './server'

const url = process.argv[2] ?? `file:${join(ROOT, BENCH_DB)}`
const db = createDb(url)
const CALLS = 2_000

/** The query before migration 033: the user's memberships joined to their groups, sorted. */
const joined = (userId: string) =>
  db
    .selectFrom('group_members as gm')
    .innerJoin('groups as g', 'g.id', 'gm.group_id')
    .select(['g.id', 'g.name', 'gm.role'])
    .where('gm.user_id', '=', userId)
    .where('g.active', '=', 1)
    .orderBy(swedishStored(db, 'g.name'))
    .limit(MENU_GROUP_LIMIT + 1)

async function time(run: () => Promise<unknown>) {
  for (let i = 0; i < 200; i++) await run()
  const ms: number[] = []
  for (let i = 0; i < CALLS; i++) {
    const t = performance.now()
    await run()
    ms.push(performance.now() - t)
  }
  ms.sort((a, b) => a - b)
  return { median: ms[Math.floor(CALLS / 2)]!, p99: ms[Math.floor(CALLS * 0.99)]! }
}

try {
  await migrateToLatest(db)
  const rows: (string | number)[][] = []
  for (const email of [ADMIN.email, GROUPS_USER.email]) {
    const user = await db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow()
    const memberships = await db
      .selectFrom('group_members')
      .select(sql<number>`count(*)`.as('n'))
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow()
    const before = await joined(user.id).execute()
    const after = await menuGroupsQuery(db, user.id).execute()
    const same = JSON.stringify(before.map((g) => g.id)) === JSON.stringify(after.map((g) => g.id))
    const a = await time(() => joined(user.id).execute())
    const b = await time(() => menuGroupsQuery(db, user.id).execute())
    rows.push([
      email,
      Number(memberships.n),
      fixed(a.median * 1000, 0),
      fixed(a.p99 * 1000, 0),
      fixed(b.median * 1000, 0),
      fixed(b.p99 * 1000, 0),
      same ? 'yes' : 'NO',
    ])
  }
  console.info(
    table(['user', 'memberships', 'join median µs', 'join p99 µs', 'range median µs', 'range p99 µs', 'same groups'], rows, [
      false,
      true,
      true,
      true,
      true,
      true,
      false,
    ]),
  )
} finally {
  await db.destroy()
}
