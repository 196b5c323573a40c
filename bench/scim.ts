/**
 * npm run bench:scim [-- --no-build] [--users 10000] [--concurrency 10] [--database-url postgres://…/name_bench]
 *
 * Provisioning through /scim/v2 as a directory does it (docs/directory-sync.md): the production
 * server on the large seeded database (bench/database.ts: "Storkommunen", 10,000 members), a
 * directory token of that organization, then `--users` POST /scim/v2/Users in Entra ID's shape,
 * one person per request, `--concurrency` at a time. Reports each request's latency (p50, p90,
 * p99, max; target p99 < 100 ms), the total time, the server's CPU per request and the machine's
 * load average, and checks that every person is a member afterwards. The token's rate limit is
 * raised for the run (SCIM_REQUESTS_PER_MINUTE) so that it measures the endpoint, not the limit.
 * Results: bench/results/scim-<dialect>.json.
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto'
import { mkdirSync, writeFileSync } from 'node:fs'
import { loadavg } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { ADMIN, freshDatabase, withDb } from './database'
import { cpuTimeMs } from './load'
import { fixed, section } from './report'
import { freePort, prepareRun, ROOT, startScriptNodeFlags, startServer, stopAll } from './server'

const { values: args } = parseArgs({
  options: {
    'no-build': { type: 'boolean', default: false },
    users: { type: 'string', default: '10000' },
    concurrency: { type: 'string', default: '10' },
    port: { type: 'string', default: '3320' },
    'database-url': { type: 'string' },
  },
})

const TARGET_P99_MS = 100
const USERS = Number(args.users)
const CONCURRENCY = Number(args.concurrency)

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]
const load = () =>
  loadavg()
    .map((v) => v.toFixed(2))
    .join(' ')

/** A directory token of the organization, stored as the app stores one (only its SHA-256). */
async function makeToken(organizationId: string) {
  const token = `scim_${randomBytes(32).toString('base64url')}`
  await withDb(async (db) => {
    const admin = await db.selectFrom('users').select('id').where('email', '=', ADMIN.email).executeTakeFirstOrThrow()
    await db
      .insertInto('directory_tokens')
      .values({
        id: randomBytes(12).toString('hex'),
        organization_id: organizationId,
        name: 'Bench Entra ID',
        token_hash: createHash('sha256').update(token).digest('hex'),
        created_at: new Date().toISOString(),
        created_by: admin.id,
        last_used_at: null,
        revoked_at: null,
      })
      .execute()
  })
  return token
}

/** One person as Entra ID's provisioning service creates them. */
const entraUser = (i: number, tag: string) => {
  const email = `scim-bench-${tag}-${i}@kommun.example.se`
  return {
    schemas: ['urn:ietf:params:scim:schemas:core:2.0:User', 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User'],
    externalId: randomUUID(),
    userName: email,
    active: true,
    displayName: `Person ${i}`,
    emails: [{ primary: true, type: 'work', value: email }],
    meta: { resourceType: 'User' },
    name: { formatted: `Person ${i}`, familyName: `${i}`, givenName: 'Person' },
    roles: [],
  }
}

async function main() {
  const started = new Date()
  await prepareRun({ build: !args['no-build'] })
  section('Fresh database: npm run db:seed -- --large')
  const databaseUrl = await freshDatabase(args['database-url'])
  const dialect = databaseUrl.startsWith('file:') ? 'sqlite' : 'postgres'
  const orgId = await withDb(
    async (db) => (await db.selectFrom('organizations').select('id').where('name', '=', 'Storkommunen').executeTakeFirstOrThrow()).id,
  )
  const membersBefore = await withDb(async (db) =>
    Number(
      (
        await db
          .selectFrom('organization_members')
          .select((e) => e.fn.countAll().as('n'))
          .where('organization_id', '=', orgId)
          .executeTakeFirstOrThrow()
      ).n,
    ),
  )
  const token = await makeToken(orgId)

  const port = await freePort(Number(args.port))
  const server = await startServer({
    port,
    databaseUrl,
    logFile: join(ROOT, 'bench/results/scim-server.log'),
    nodeArgs: startScriptNodeFlags().flags,
    env: { SCIM_REQUESTS_PER_MINUTE: '1000000' },
  })
  section(`POST /scim/v2/Users: ${USERS} people, ${CONCURRENCY} at a time (${dialect}, ${membersBefore} members before)`)
  const headers = { Authorization: `Bearer ${token}`, 'Content-Type': 'application/scim+json' }
  const tag = randomBytes(3).toString('hex')
  // A few requests first (JIT, the pool, the statement caches), not counted.
  for (let i = 0; i < 20; i++) {
    const res = await fetch(`${server.baseUrl}/scim/v2/Users?filter=${encodeURIComponent(`userName eq "warm-${i}@example.se"`)}`, {
      headers,
    })
    await res.arrayBuffer()
  }
  const loadBefore = load()
  const cpuBefore = cpuTimeMs(server.pid)
  const latencies: number[] = []
  const statuses = new Map<number, number>()
  let next = 0
  const t0 = performance.now()
  async function worker() {
    while (next < USERS) {
      const i = next++
      const body = JSON.stringify(entraUser(i, tag))
      const sent = performance.now()
      const res = await fetch(`${server.baseUrl}/scim/v2/Users`, { method: 'POST', headers, body })
      await res.arrayBuffer()
      latencies.push(performance.now() - sent)
      statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1)
      if (i > 0 && i % 2000 === 0) console.info(`${i} sent, ${fixed((performance.now() - t0) / 1000)} s`)
    }
  }
  await Promise.all(Array.from({ length: CONCURRENCY }, worker))
  const totalSec = (performance.now() - t0) / 1000
  const cpuMs = cpuBefore !== undefined ? (cpuTimeMs(server.pid) ?? NaN) - cpuBefore : NaN
  const loadAfter = load()
  await server.stop()

  const membersAfter = await withDb(async (db) =>
    Number(
      (
        await db
          .selectFrom('organization_members')
          .select((e) => e.fn.countAll().as('n'))
          .where('organization_id', '=', orgId)
          .executeTakeFirstOrThrow()
      ).n,
    ),
  )
  const provisioned = await withDb(async (db) =>
    Number(
      (
        await db
          .selectFrom('directory_users')
          .select((e) => e.fn.countAll().as('n'))
          .where('organization_id', '=', orgId)
          .executeTakeFirstOrThrow()
      ).n,
    ),
  )
  const sorted = [...latencies].sort((a, b) => a - b)
  const result = {
    started: started.toISOString(),
    dialect,
    users: USERS,
    concurrency: CONCURRENCY,
    statuses: Object.fromEntries(statuses),
    p50Ms: +percentile(sorted, 50).toFixed(1),
    p90Ms: +percentile(sorted, 90).toFixed(1),
    p99Ms: +percentile(sorted, 99).toFixed(1),
    maxMs: +sorted[sorted.length - 1].toFixed(1),
    totalSeconds: +totalSec.toFixed(1),
    requestsPerSecond: +(USERS / totalSec).toFixed(0),
    serverCpuMsPerRequest: +(cpuMs / USERS).toFixed(2),
    membersBefore,
    membersAfter,
    provisioned,
    loadAverageBefore: loadBefore,
    loadAverageAfter: loadAfter,
    pass: percentile(sorted, 99) < TARGET_P99_MS && statuses.get(201) === USERS && membersAfter === membersBefore + USERS,
  }
  console.info(
    `${USERS} users in ${fixed(totalSec)} s (${result.requestsPerSecond}/s): p50 ${result.p50Ms} ms, p90 ${result.p90Ms} ms, p99 ${result.p99Ms} ms (target < ${TARGET_P99_MS}), max ${result.maxMs} ms; ` +
      `server CPU ${result.serverCpuMsPerRequest} ms per request; statuses ${JSON.stringify(result.statuses)}; members ${membersBefore} → ${membersAfter}; ` +
      `load average ${loadBefore} → ${loadAfter}`,
  )
  mkdirSync(join(ROOT, 'bench/results'), { recursive: true })
  writeFileSync(join(ROOT, `bench/results/scim-${dialect}.json`), `${JSON.stringify(result, null, 2)}\n`)
  console.info(result.pass ? 'PASS' : '(!) FAIL')
  return result.pass ? 0 : 1
}

main()
  .then((code) => process.exit(code))
  .catch(async (error) => {
    console.error(error)
    await stopAll()
    process.exit(1)
  })
