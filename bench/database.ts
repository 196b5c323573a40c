/** A fresh, seeded SQLite database for each benchmark run, and what the scenarios need from it. */
import SQLite from 'better-sqlite3'
import { mkdirSync, readdirSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { DEMO_USERS, LARGE_ORGANIZATION } from '../app/demo/seed.server'
import { productionEnv, ROOT, run } from './server'

export const BENCH_DB = 'data/bench.db'
export const BENCH_DATABASE_URL = `file:./${BENCH_DB}`

/** The organization admin of the seed: every signed-in scenario acts as this user. */
export const ADMIN = DEMO_USERS.find((u) => u.email === 'admin@example.se')!

/**
 * Deletes data/bench.db* (database, -wal, -shm, -journal), migrates a new one and seeds it with
 * the demo data and the large organization (`npm run db:seed -- --large`: "Storkommunen", 10,000
 * members, 1,000 groups), through the project's own script, before the server starts.
 */
export async function freshDatabase(): Promise<string> {
  const dir = join(ROOT, 'data')
  mkdirSync(dir, { recursive: true })
  for (const name of readdirSync(dir)) {
    if (name.startsWith('bench.db')) rmSync(join(dir, name), { force: true })
  }
  const env = productionEnv({ DATABASE_URL: BENCH_DATABASE_URL })
  await run(process.execPath, ['--import', 'tsx', 'scripts/db.ts', 'seed', '--large'], env)
  return BENCH_DATABASE_URL
}

/** Ids the scenarios and steps refer to. */
export interface BenchData {
  largeOrgId: string
  largeOrgName: string
  adminId: string
  members: number
  groups: number
}

const BENCH_DB_FILE = join(ROOT, BENCH_DB)

/** Reads the bench database directly (read-only; the server may be running: WAL allows it). */
function withDb<T>(fn: (db: SQLite.Database) => T): T {
  const db = new SQLite(BENCH_DB_FILE, { readonly: true, fileMustExist: true })
  try {
    return fn(db)
  } finally {
    db.close()
  }
}

export function benchData(): BenchData {
  return withDb((db) => {
    const org = db.prepare('select id, name from organizations where name = ?').get(LARGE_ORGANIZATION) as
      | { id: string; name: string }
      | undefined
    if (!org) throw new Error(`the seed created no organization named ${LARGE_ORGANIZATION}`)
    const admin = db.prepare('select id from users where email = ?').get(ADMIN.email) as { id: string } | undefined
    if (!admin) throw new Error(`the seed created no user ${ADMIN.email}`)
    const count = (sql: string) => (db.prepare(sql).get(org.id) as { n: number }).n
    return {
      largeOrgId: org.id,
      largeOrgName: org.name,
      adminId: admin.id,
      members: count('select count(*) as n from organization_members where organization_id = ?'),
      groups: count('select count(*) as n from groups where organization_id = ?'),
    }
  })
}

/**
 * `n` members of the organization that every removal accepts: not admins, owning no group of it.
 * Taken in id order (ids are random, so this is a random sample of group memberships).
 */
export function removableMembers(organizationId: string, n: number): { ids: string[]; groupMemberships: number } {
  return withDb((db) => {
    const ids = (
      db
        .prepare(
          `select m.user_id as id from organization_members m
           where m.organization_id = ? and m.role <> 'admin'
             and not exists (select 1 from groups g where g.organization_id = m.organization_id and g.owner_id = m.user_id)
           order by m.user_id limit ?`,
        )
        .all(organizationId, n) as { id: string }[]
    ).map((r) => r.id)
    const placeholders = ids.map(() => '?').join(',')
    const { groupMemberships } = db
      .prepare(
        `select count(*) as groupMemberships from group_members gm join groups g on g.id = gm.group_id
         where g.organization_id = ? and gm.user_id in (${placeholders || "''"})`,
      )
      .get(organizationId, ...ids) as { groupMemberships: number }
    return { ids, groupMemberships }
  })
}

/** After a removal: members left, and groups whose member_count differs from their rows. */
export function organizationState(organizationId: string): { members: number; groupsWithWrongCount: number } {
  return withDb((db) => ({
    members: (
      db.prepare('select count(*) as n from organization_members where organization_id = ?').get(organizationId) as {
        n: number
      }
    ).n,
    groupsWithWrongCount: (
      db
        .prepare(
          `select count(*) as n from groups g where g.organization_id = ?
           and g.member_count <> (select count(*) from group_members gm where gm.group_id = g.id)`,
        )
        .get(organizationId) as { n: number }
    ).n,
  }))
}
