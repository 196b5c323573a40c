/**
 * A fresh, seeded database for each benchmark run, and what the scenarios need from it: SQLite
 * data/bench.db by default, or a PostgreSQL database given with --database-url (recreated).
 */
import { sql } from 'kysely'
import { mkdirSync, readdirSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import pg from 'pg'
import type { DB } from '../app/db/db.server'
import { DEMO_USERS, LARGE_ORGANIZATION } from '../app/demo/seed.server'
import { BENCH_LARGE_PACKAGE } from '../app/demo/library-bench-seed.server'
import { BENCH_WORK_GROUP } from '../app/demo/group-work-bench-seed.server'
import { seedGroupsUser } from './groups-seed'
import { productionEnv, ROOT, run } from './server'
import { batches } from '../app/db/batches'

export const BENCH_DB = 'data/bench.db'
export const BENCH_DATABASE_URL = `file:./${BENCH_DB}`

/** The organization admin of the seed: every signed-in scenario acts as this user. */
export const ADMIN = DEMO_USERS.find((u) => u.email === 'admin@example.se')!

const isPostgresUrl = (url: string) => /^postgres(ql)?:\/\//.test(url)

/** The database of this run (set by freshDatabase): the steps below read it. */
let current = BENCH_DATABASE_URL

/**
 * Deletes data/bench.db* (database, -wal, -shm, -journal), or with a PostgreSQL URL drops and
 * creates that database (its name must end in "bench": nothing else is ever dropped), migrates a
 * new one and seeds it with the demo data and the large organization (`npm run db:seed -- --large`:
 * "Storkommunen", 10,000 members, 1,000 groups), through the project's own script, before the
 * server starts. Returns the DATABASE_URL of the run.
 */
export async function freshDatabase(postgresUrl?: string): Promise<string> {
  if (postgresUrl) {
    await recreatePostgresDatabase(postgresUrl)
    current = postgresUrl
  } else {
    const dir = join(ROOT, 'data')
    mkdirSync(dir, { recursive: true })
    for (const name of readdirSync(dir)) {
      if (name.startsWith('bench.db')) rmSync(join(dir, name), { force: true })
    }
    current = BENCH_DATABASE_URL
  }
  // The seed refuses production (its demo accounts have published passwords): it seeds as the demo does.
  const env = { ...productionEnv({ DATABASE_URL: current }), NODE_ENV: 'development' as const }
  await run(process.execPath, ['--import', 'tsx', 'scripts/db.ts', 'seed', '--large'], env)
  // Fresh statistics, as autovacuum would gather them in time: without them PostgreSQL plans the
  // seeded tables as nearly empty (nested loops estimated at 9 rows for the library's 2,500).
  if (postgresUrl) await withDb((db) => sql`analyze`.execute(db))
  return current
}

async function recreatePostgresDatabase(url: string) {
  if (!isPostgresUrl(url)) throw new Error(`--database-url must be a postgres:// URL, not ${url}`)
  const target = new URL(url)
  const name = decodeURIComponent(target.pathname.slice(1))
  if (!/^[a-z0-9_]*bench$/.test(name)) throw new Error(`the benchmark drops its database: the name must end in "bench" (${name})`)
  const maintenance = new URL(url)
  maintenance.pathname = '/postgres'
  const client = new pg.Client({ connectionString: maintenance.toString() })
  await client.connect()
  try {
    await client.query(`drop database if exists ${name} with (force)`)
    await client.query(`create database ${name}`)
  } finally {
    await client.end()
  }
}

/** The run's database through the app's own createDb (both dialects); closed afterwards. */
export async function withDb<T>(fn: (db: DB) => Promise<T>): Promise<T> {
  const { createDb } = await import('../app/db/db.server')
  const db = createDb(current.startsWith('file:') ? `file:${join(ROOT, current.slice('file:'.length))}` : current)
  try {
    return await fn(db)
  } finally {
    await db.destroy()
  }
}

/** Ids the scenarios and steps refer to. */
export interface BenchData {
  largeOrgId: string
  largeOrgName: string
  adminId: string
  members: number
  groups: number
  /** sqlite or postgres. */
  dialect: string
  /** The library's package of 500 tasks (issue 11), owned by the admin. */
  largePackageId: string
  /** The 500-member group of the groups user (bench/groups-seed.ts). */
  bigGroupId: string
  /** Group work's group of 500 members and 30,000 loops, owned by the admin (app/demo/group-work-bench-seed.server.ts). */
  workGroupId: string
  /** One of its tasks, and one of its members: the task's loops and the member's loops. */
  workTaskId: string
  workMemberId: string
}

const count = async (db: DB, query: ReturnType<typeof sql<{ n: number | string }>>) => Number((await query.execute(db)).rows[0]?.n ?? 0)

export function benchData(): Promise<BenchData> {
  return withDb(async (db) => {
    const org = await db.selectFrom('organizations').select(['id', 'name']).where('name', '=', LARGE_ORGANIZATION).executeTakeFirst()
    if (!org) throw new Error(`the seed created no organization named ${LARGE_ORGANIZATION}`)
    const admin = await db.selectFrom('users').select('id').where('email', '=', ADMIN.email).executeTakeFirst()
    if (!admin) throw new Error(`the seed created no user ${ADMIN.email}`)
    return {
      largeOrgId: org.id,
      largeOrgName: org.name,
      adminId: admin.id,
      members: await count(db, sql`select count(*) as n from organization_members where organization_id = ${org.id}`),
      groups: await count(db, sql`select count(*) as n from groups where organization_id = ${org.id}`),
      dialect: isPostgresUrl(current) ? 'postgres' : 'sqlite',
      largePackageId: (await db.selectFrom('packages').select('id').where('name', '=', BENCH_LARGE_PACKAGE).executeTakeFirst())?.id ?? '',
      bigGroupId: await seedGroupsUser(org.id),
      ...(await workGroup(db)),
    }
  })
}

/** Group work's benchmark group, one of its tasks and one of its writing members. */
async function workGroup(db: DB) {
  const group = await db.selectFrom('groups').select('id').where('name', '=', BENCH_WORK_GROUP).executeTakeFirst()
  if (!group) throw new Error(`the seed created no group named ${BENCH_WORK_GROUP}`)
  const loop = await db
    .selectFrom('loops')
    .select(['task_id', 'author_id'])
    .where('group_id', '=', group.id)
    .orderBy('id')
    .limit(1)
    .executeTakeFirstOrThrow()
  return { workGroupId: group.id, workTaskId: loop.task_id ?? '', workMemberId: loop.author_id }
}

/**
 * `n` members of the organization that every removal accepts: not admins, owning no group of it.
 * Taken in id order (ids are random, so this is a random sample of group memberships).
 */
export function removableMembers(organizationId: string, n: number): Promise<{ ids: string[]; groupMemberships: number }> {
  return withDb(async (db) => {
    const { rows } = await sql<{ id: string }>`select m.user_id as id from organization_members m
      where m.organization_id = ${organizationId} and m.role <> 'admin'
        and not exists (select 1 from groups g where g.organization_id = m.organization_id and g.owner_id = m.user_id)
      order by m.user_id limit ${n}`.execute(db)
    const ids = rows.map((r) => r.id)
    const groupMemberships = ids.length
      ? await count(
          db,
          sql`select count(*) as n from group_members gm join groups g on g.id = gm.group_id
            where g.organization_id = ${organizationId} and gm.user_id in (${sql.join(ids)})`,
        )
      : 0
    return { ids, groupMemberships }
  })
}

/** After a removal: members left, and groups whose member_count differs from their rows. */
export function organizationState(organizationId: string): Promise<{ members: number; groupsWithWrongCount: number }> {
  return withDb(async (db) => ({
    members: await count(db, sql`select count(*) as n from organization_members where organization_id = ${organizationId}`),
    groupsWithWrongCount: await count(
      db,
      sql`select count(*) as n from groups g where g.organization_id = ${organizationId}
        and g.member_count <> (select count(*) from group_members gm where gm.group_id = g.id)`,
    ),
  }))
}

/** Alerts in the feed of the user the signed-in scenarios act as (issue 10: a user with 5,000 alerts). */
export const FEED_ALERTS = 5_000

/**
 * Gives the user FEED_ALERTS alerts, one a minute back from now, half of them after the user's
 * mark (new), for the feed (`/`) and counts scenarios. Written as createAlerts writes them.
 */
export function seedFeedAlerts(userId: string, n = FEED_ALERTS): Promise<void> {
  return withDb(async (db) => {
    const now = Date.now()
    const rows = Array.from({ length: n }, (_, i) => ({
      id: `bench-alert-${String(i).padStart(6, '0')}`,
      user_id: userId,
      template: i % 2 ? 'group.member.added' : 'package.invitation.new',
      actor_id: null,
      organization_id: null,
      target_type: 'group',
      target_id: `bench-target-${i}`,
      data: JSON.stringify({ groupName: `Grupp ${i}`, packageName: `Paket ${i}` }),
      created_at: new Date(now - i * 60_000).toISOString(),
    }))
    for (const batch of batches(rows)) await db.insertInto('alerts').values(batch).execute()
    await db
      .updateTable('users')
      .set({ alerts_seen_at: new Date(now - (n / 2) * 60_000).toISOString() })
      .where('id', '=', userId)
      .execute()
  })
}
