/**
 * npm run bench:metrics [-- --no-build] [--scrapes 200] [--duration 10]
 *
 * What Prometheus metrics cost the production server (docs/operations.md#metrics), on the large
 * seeded database (bench/database.ts) with a backlog in the mail outbox:
 * - a scrape of METRICS_PORT after traffic on many routes: wall time (p50, p99), the server's CPU
 *   per scrape (from /proc) and the size of the answer;
 * - the counting of requests: /hello-world and the members page under autocannon (10 connections)
 *   with metrics off, then on: requests per second and the server's CPU per request.
 */
import autocannon from 'autocannon'
import { loadavg } from 'node:os'
import { parseArgs } from 'node:util'
import { ADMIN, BENCH_DATABASE_URL, freshDatabase, withDb } from './database'
import { cpuTimeMs } from './load'
import { freePort, prepareRun, startServer, startScriptNodeFlags, stopAll } from './server'
import { signInCookie } from './auth'
import { batches } from '../app/db/batches'

const { values } = parseArgs({
  options: {
    'no-build': { type: 'boolean', default: false },
    scrapes: { type: 'string', default: '200' },
    duration: { type: 'string', default: '10' },
  },
})
const TOKEN = 'bench-metrics-token-0123456789-abcdefghij'

async function main() {
  await prepareRun({ build: !values['no-build'] })
  await freshDatabase()
  // A backlog for the outbox gauges: 5,000 sent messages (a week of them) and 200 waiting.
  await withDb(async (db) => {
    const now = Date.now()
    const rows = Array.from({ length: 5200 }, (_, i) => ({
      id: `bench-mail-${i}`,
      to_address: `bench${i}@example.se`,
      subject: 'Bench',
      text_body: 'Bench',
      html_body: '<p>Bench</p>',
      created_at: new Date(now - i * 60_000).toISOString(),
      status: i < 5000 ? ('sent' as const) : i % 2 ? ('failed' as const) : ('pending' as const),
    }))
    for (const batch of batches(rows)) await db.insertInto('mail_outbox').values(batch).execute()
  })
  const nodeArgs = startScriptNodeFlags().flags
  const results: Record<string, unknown> = {}

  for (const metrics of [false, true]) {
    const port = await freePort(3300)
    const metricsPort = await freePort(9464)
    const server = await startServer({
      port,
      databaseUrl: BENCH_DATABASE_URL,
      logFile: `bench/results/metrics-${metrics ? 'on' : 'off'}.log`,
      nodeArgs,
      env: metrics ? { METRICS_PORT: String(metricsPort), METRICS_TOKEN: TOKEN } : {},
    })
    try {
      const cookie = await signInCookie(ADMIN.email, ADMIN.password)(server.baseUrl)
      const orgId = await withDb(
        async (db) => (await db.selectFrom('organizations').select('id').where('name', '=', 'Storkommunen').executeTakeFirstOrThrow()).id,
      )
      const pages = { hello: '/hello-world', members: `/organizations/${orgId}/members` }
      for (const [name, path] of Object.entries(pages)) {
        const cpuBefore = cpuTimeMs(server.pid)!
        const load = await autocannon({
          url: server.baseUrl + path,
          connections: 10,
          duration: Number(values.duration),
          headers: { cookie },
        })
        const cpu = cpuTimeMs(server.pid)! - cpuBefore
        const requests = load.requests.total
        results[`${name} metrics ${metrics ? 'on' : 'off'}`] = {
          reqPerSec: Math.round(load.requests.average),
          p99Ms: load.latency.p99,
          cpuMsPerRequest: +(cpu / requests).toFixed(3),
          non2xx: load.non2xx,
        }
      }
      if (!metrics) continue
      // Traffic on many routes (series): pages, data requests, 404s, the API.
      for (const path of [
        '/',
        '/signin',
        '/signup',
        '/_root.data',
        '/nowhere',
        `/organizations/${orgId}`,
        `/organizations/${orgId}/groups`,
        `/api/organizations/${orgId}/members`,
      ]) {
        for (let i = 0; i < 5; i++) await (await fetch(server.baseUrl + path, { headers: { cookie } })).arrayBuffer()
      }
      const url = `http://127.0.0.1:${metricsPort}/metrics`
      const headers = { Authorization: `Bearer ${TOKEN}` }
      const first = await (await fetch(url, { headers })).text()
      const times: number[] = []
      const cpuBefore = cpuTimeMs(server.pid)!
      const scrapes = Number(values.scrapes)
      for (let i = 0; i < scrapes; i++) {
        const start = performance.now()
        const res = await fetch(url, { headers })
        await res.text()
        times.push(performance.now() - start)
      }
      const cpu = cpuTimeMs(server.pid)! - cpuBefore
      times.sort((a, b) => a - b)
      results.scrape = {
        scrapes,
        p50Ms: +times[Math.floor(scrapes / 2)].toFixed(2),
        p99Ms: +times[Math.floor(scrapes * 0.99)].toFixed(2),
        serverCpuMsPerScrape: +(cpu / scrapes).toFixed(2),
        bytes: first.length,
        series: first.split('\n').filter((l) => l && !l.startsWith('#')).length,
      }
    } finally {
      await server.stop()
    }
  }
  console.info(JSON.stringify({ loadAverage: loadavg().map((v) => +v.toFixed(2)), ...results }, null, 2))
}

main()
  .catch((error) => {
    console.error(error)
    process.exitCode = 1
  })
  .finally(stopAll)
