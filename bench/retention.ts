/**
 * npm run bench:retention [-- --database-url postgres://postgres@127.0.0.1:5432/retention_bench] [--loops 100000]
 *
 * The retention job (issue 36, docs/group-work.md "Retention") on 100,000 expired loops: a fresh
 * database (SQLite in a temporary folder; on PostgreSQL the named database, dropped and created
 * anew: its name must end in "bench"), 20 groups of 30 members keeping three months, the loops
 * spread over the year before with a comment on every fifth, two tags each, a small photo on every
 * fiftieth and a read mark on every other; 10,000 recent loops that must stay. Then one pass of
 * `runRetention`, timing each batch's transaction (the time it holds the write lock: SQLite's one
 * writer, PostgreSQL's row locks), with SQLite's WAL checkpoints in a worker as the server runs
 * them (ADR 022). Target: no batch over 50 ms. Prints a JSON summary.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import pg from 'pg'
import { createDb, type DB } from '../app/db/db.server'
import { migrateToLatest } from '../app/db/migrate.server'
import { startWalCheckpoints } from '../app/db/wal-checkpoints.server'
import { batches } from '../app/db/batches'
import { runRetention } from '../app/services/group-work/retention-job.server'

const { values } = parseArgs({ options: { 'database-url': { type: 'string' }, loops: { type: 'string', default: '100000' } } })
const EXPIRED = Number(values.loops)
const RECENT = Math.round(EXPIRED / 10)
const GROUPS = 20
const MEMBERS = 30
const TARGET_MS = 50

let n = 0
const id = () => (++n).toString(16).padStart(24, '0')

async function openDatabase(): Promise<{ db: DB; label: string; cleanup: () => Promise<void> }> {
  const url = values['database-url']
  if (url) {
    const target = new URL(url)
    const name = decodeURIComponent(target.pathname.slice(1))
    if (!/^[a-z0-9_]*bench$/.test(name)) throw new Error(`the benchmark drops its database: the name must end in "bench" (${name})`)
    const admin = new URL(url)
    admin.pathname = '/postgres'
    const client = new pg.Client({ connectionString: admin.toString() })
    await client.connect()
    await client.query(`drop database if exists "${name}" with (force)`)
    await client.query(`create database "${name}"`)
    await client.end()
    const db = createDb(url)
    return { db, label: 'postgresql', cleanup: () => db.destroy() }
  }
  const dir = mkdtempSync(join(tmpdir(), 'groups-bench-retention-'))
  const file = join(dir, 'app.db')
  const db = createDb(`file:${file}`)
  await migrateToLatest(db)
  // As the server runs: WAL checkpoints in a worker thread, not in the committing write (ADR 022).
  const checkpoints = await startWalCheckpoints(db, { databaseFile: file })
  return {
    db,
    label: 'sqlite',
    cleanup: async () => {
      await checkpoints.stop()
      await db.destroy()
      rmSync(dir, { recursive: true, force: true })
    },
  }
}

async function insertAll<T extends Record<string, unknown>>(db: DB, table: string, rows: T[]) {
  for (const part of batches(rows, 1000))
    await (db as unknown as DB)
      .insertInto(table as never)
      .values(part as never)
      .execute()
}

async function seed(db: DB, now: Date) {
  const at = now.toISOString()
  const orgId = id()
  const users = Array.from({ length: GROUPS * MEMBERS }, (_, i) => ({
    id: id(),
    name: `Elev ${i}`,
    email: `elev${i}@bench.example`,
    locale: 'sv',
    timezone: 'Europe/Stockholm',
    created_at: at,
  }))
  await insertAll(db, 'users', users)
  await insertAll(db, 'organizations', [{ id: orgId, name: 'Gallringsskolan', created_at: at }])
  await insertAll(
    db,
    'organization_members',
    users.map((u) => ({ organization_id: orgId, user_id: u.id, created_at: at })),
  )
  const groups = Array.from({ length: GROUPS }, (_, g) => ({
    id: id(),
    organization_id: orgId,
    name: `Klass ${g}`,
    owner_id: users[g * MEMBERS].id,
    member_count: MEMBERS,
    created_at: at,
  }))
  await insertAll(db, 'groups', groups)
  await insertAll(
    db,
    'group_members',
    groups.flatMap((g, gi) =>
      users
        .slice(gi * MEMBERS, (gi + 1) * MEMBERS)
        .map((u, i) => ({ group_id: g.id, user_id: u.id, role: i === 0 ? 'owner' : 'member', created_at: at })),
    ),
  )
  const tags = groups.flatMap((g) =>
    [0, 1, 2].map((t) => ({ id: id(), group_id: g.id, name: `Tagg ${t}`, name_key: `tagg ${t}`, created_at: at })),
  )
  await insertAll(db, 'group_tags', tags)
  const photo = new Uint8Array(4096).fill(7)
  const YEAR = 365 * 86_400_000
  const make = (count: number, fromMs: number, spanMs: number) => {
    const loops = []
    for (let i = 0; i < count; i++) {
      const gi = i % GROUPS
      const created = new Date(now.getTime() - fromMs - ((i * 7919) % spanMs)).toISOString()
      loops.push({
        id: id(),
        group_id: groups[gi].id,
        task_id: null,
        author_id: users[gi * MEMBERS + 1 + (i % (MEMBERS - 1))].id,
        text: `Reflektion ${i}: `.padEnd(400, 'x'),
        emotion: 1 + (i % 5),
        created_at: created,
        activity_at: created,
        comment_count: i % 5 === 0 ? 1 : 0,
        photo_count: i % 50 === 0 ? 1 : 0,
      })
    }
    return loops
  }
  // Expired: 4 to 16 months old; recent: the last 60 days.
  const expired = make(EXPIRED, 120 * 86_400_000, YEAR)
  const recent = make(RECENT, 0, 60 * 86_400_000)
  for (const loops of [expired, recent]) {
    for (const part of batches(loops, 2000)) {
      await insertAll(db, 'loops', part)
      await insertAll(
        db,
        'loop_tags',
        part.flatMap((l, i) =>
          [0, 1].map((t) => ({ loop_id: l.id, tag_id: tags[(i % GROUPS) * 3 + ((i + t) % 3)].id, group_id: l.group_id })),
        ),
      )
      await insertAll(
        db,
        'loop_comments',
        part
          .filter((l) => l.comment_count)
          .map((l) => ({
            id: id(),
            loop_id: l.id,
            group_id: l.group_id,
            author_id: groups.find((g) => g.id === l.group_id)!.owner_id,
            text: 'Bra!',
            created_at: l.created_at,
          })),
      )
      await insertAll(
        db,
        'loop_photos',
        part
          .filter((l) => l.photo_count)
          .map((l) => ({
            id: id(),
            loop_id: l.id,
            group_id: l.group_id,
            position: 0,
            image: photo,
            content_type: 'image/webp',
            width: 64,
            height: 64,
            byte_size: photo.length,
            etag: 'e',
            created_at: l.created_at,
          })),
      )
      await insertAll(
        db,
        'loop_reads',
        part
          .filter((_, i) => i % 2 === 0)
          .map((l) => ({ user_id: groups.find((g) => g.id === l.group_id)!.owner_id, loop_id: l.id, read_at: l.created_at })),
      )
    }
  }
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0
const round = (x: number) => Math.round(x * 100) / 100

async function main() {
  const { db, label, cleanup } = await openDatabase()
  try {
    await migrateToLatest(db)
    const now = new Date()
    let started = performance.now()
    await seed(db, now)
    const seedMs = Math.round(performance.now() - started)
    const times: number[] = []
    const sizes: number[] = []
    const cpus: number[] = []
    const loadBefore = loadavg()[0]
    started = performance.now()
    const pass = await runRetention(db, now, { onBatch: (ms, loops, cpuMs) => (times.push(ms), sizes.push(loops), cpus.push(cpuMs)) })
    const passMs = Math.round(performance.now() - started)
    const left = Number(
      (
        await db
          .selectFrom('loops')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    )
    const counted = Number(
      (
        await db
          .selectFrom('loop_counts')
          .select((eb) => eb.fn.sum<number>('loops').as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    )
    const sorted = [...times].sort((a, b) => a - b)
    const cpuSorted = [...cpus].sort((a, b) => a - b)
    const summary = {
      database: label,
      seeded: { expired: EXPIRED, recent: RECENT, ms: seedMs },
      removed: pass,
      loopsLeft: left,
      countedInStatistics: counted,
      batches: {
        count: times.length,
        loopsPerBatch: { min: Math.min(...sizes), max: Math.max(...sizes) },
        ms: { p50: round(percentile(sorted, 0.5)), p99: round(percentile(sorted, 0.99)), max: round(sorted.at(-1) ?? 0) },
        overTarget: times.filter((t) => t > TARGET_MS).length,
        // This process's CPU time in each batch (on SQLite all the work is here): what a busy machine hardly changes.
        cpuMs: { p50: round(percentile(cpuSorted, 0.5)), p99: round(percentile(cpuSorted, 0.99)), max: round(cpuSorted.at(-1) ?? 0) },
      },
      loadAverage: { before: round(loadBefore), after: round(loadavg()[0]) },
      passMs,
      targetMs: TARGET_MS,
      ok: pass.loops === EXPIRED && left === RECENT && counted === EXPIRED && (sorted.at(-1) ?? 0) <= TARGET_MS,
    }
    console.log(JSON.stringify(summary, null, 2))
    if (!summary.ok) process.exitCode = 1
  } finally {
    await cleanup()
  }
}

await main()
