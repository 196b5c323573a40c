/**
 * `npm run bench:ab -- --base ../other-checkout`: this checkout's build against another's, side by
 * side on one machine. Both production servers run at once, each on a database its own code seeded
 * (`npm run db:seed -- --large` through its bench/database.ts); each page is then loaded in short
 * slices that alternate between the two (A B, B A, A B, …), so that whatever else the machine does
 * meanwhile falls on both alike. Per page: requests per second of each (all its slices together),
 * the ratio this/base, the server's CPU time per request of each, and the median p99 of the slices.
 *
 *   npm run bench:ab -- --base /tmp/old --only members,groups [--rounds 8] [--slice 2] [--no-build]
 *
 * The base checkout must be built (`npm run build` there) and have its node_modules; its
 * bench/database.ts must export freshDatabase, benchData and seedFeedAlerts (as since issue 12).
 * Pages are this checkout's scenarios (scenarios.ts), their paths filled with each side's own ids.
 * `--base .` compares this build with itself, both servers on one database, e.g. with
 * `--node-args="--max-semi-space-size=32"` for this side (node flags after those of `npm start`).
 * Results: bench/results/ab.json.
 */
import { spawn } from 'node:child_process'
import { mkdirSync, writeFileSync } from 'node:fs'
import { loadavg } from 'node:os'
import { join, resolve } from 'node:path'
import { parseArgs } from 'node:util'
import { resolveCookie } from './auth'
import type { BenchData } from './database'
import { load } from './load'
import { fixed, section, table } from './report'
import { resolvePath, scenarios, type Scenario } from './scenarios'
import { freePort, prepareRun, productionEnv, ROOT, startScriptNodeFlags, startServer, stopAll, type BenchServer } from './server'

const { values: args } = parseArgs({
  options: {
    base: { type: 'string' },
    only: { type: 'string' },
    rounds: { type: 'string', default: '8' },
    slice: { type: 'string', default: '2' },
    warmup: { type: 'string', default: '2' },
    connections: { type: 'string', default: '10' },
    'no-build': { type: 'boolean', default: false },
    'node-args': { type: 'string', default: '' },
  },
})
if (!args.base) {
  console.error('usage: npm run bench:ab -- --base <another checkout, built> [--only a,b] [--rounds 8] [--slice 2] [--no-build]')
  process.exit(1)
}
const BASE = resolve(args.base)
const rounds = Number(args.rounds)
const sliceSec = Number(args.slice)
const connections = Number(args.connections)
const pages = scenarios.filter((s) => !s.info && (!args.only || args.only.split(',').includes(s.name)))
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => void stopAll().finally(() => process.exit(130)))

interface Side {
  label: 'this' | 'base'
  root: string
  url: string
  data: BenchData
  server: BenchServer
}

/** Seeds a fresh bench database with the checkout's own code, in its own folder; returns its URL and ids. */
function seed(root: string): Promise<{ url: string; data: BenchData }> {
  const code = `const m = await import('./bench/database.ts'); const url = await m.freshDatabase(); const data = await m.benchData(); await m.seedFeedAlerts(data.adminId); console.log('AB-DATA ' + JSON.stringify({ url, data }))`
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', code], {
      cwd: root,
      env: productionEnv(),
      stdio: ['ignore', 'pipe', 'inherit'],
    })
    let out = ''
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()))
    child.once('exit', (status) => {
      const line = out.split('\n').find((l) => l.startsWith('AB-DATA '))
      if (status !== 0 || !line) fail(new Error(`seeding ${root} failed (exit ${status})\n${out.slice(-2000)}`))
      else done(JSON.parse(line.slice('AB-DATA '.length)) as { url: string; data: BenchData })
    })
  })
}

interface Slices {
  requests: number
  seconds: number
  serverMs: number
  p99s: number[]
  failures: number
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN

async function loadSlice(side: Side, s: Scenario, seconds: number, into?: Slices) {
  const cookie = await resolveCookie(s.cookie, side.server.baseUrl)
  const result = await load({
    url: `${side.server.baseUrl}${resolvePath(s.path, side.data)}`,
    connections,
    durationSec: seconds,
    headers: cookie ? { cookie } : undefined,
    pid: side.server.pid,
  })
  if (!into) return
  into.requests += result.requests
  into.seconds += result.durationSec
  into.serverMs += (result.cpu?.serverMsPerRequest ?? NaN) * result.requests
  into.p99s.push(result.latencyP99Ms)
  into.failures += result.non2xx + result.errors
}

async function main() {
  await prepareRun({ build: !args['no-build'] })
  const nodeArgs = startScriptNodeFlags().flags
  const extraArgs = args['node-args'].split(/\s+/).filter(Boolean)
  const sides: Side[] = []
  let port = 3390
  for (const [label, root] of [
    ['this', ROOT],
    ['base', BASE],
  ] as const) {
    section(`${label}: ${root}: fresh bench database`)
    // Both sides of one checkout share its database (a second seed would replace it under the first).
    const same = sides.find((side) => side.root === root)
    const { url, data } = same ? { url: same.url, data: same.data } : await seed(root)
    port = await freePort(port + 1)
    const server = await startServer({
      port,
      root,
      databaseUrl: url,
      nodeArgs: label === 'this' ? [...nodeArgs, ...extraArgs] : nodeArgs,
      logFile: join(ROOT, 'bench', 'results', `ab-${label}.server.log`),
    })
    sides.push({ label, root, url, data, server })
  }
  const rows: { page: string; this: Slices; base: Slices }[] = []
  try {
    for (const s of pages) {
      section(`${s.name}: ${rounds} rounds of ${sliceSec} s slices, alternating (load average ${fixed(loadavg()[0], 2)})`)
      for (const side of sides) await loadSlice(side, s, Number(args.warmup))
      const empty = (): Slices => ({ requests: 0, seconds: 0, serverMs: 0, p99s: [], failures: 0 })
      const totals: Record<Side['label'], Slices> = { this: empty(), base: empty() }
      for (let r = 0; r < rounds; r++) {
        for (const side of r % 2 === 0 ? sides : [...sides].reverse()) await loadSlice(side, s, sliceSec, totals[side.label])
      }
      rows.push({ page: s.name, ...totals })
    }
  } finally {
    await stopAll()
  }
  const rate = (x: Slices) => x.requests / x.seconds
  const cpu = (x: Slices) => x.serverMs / x.requests
  section(`this (${ROOT}) against base (${BASE}): req/s and server CPU ms per request`)
  console.info(
    table(
      ['page', 'req/s this', 'req/s base', 'this/base', 'CPU ms this', 'CPU ms base', 'base/this', 'p99 this', 'p99 base', 'failures'],
      rows.map((r) => [
        r.page,
        fixed(rate(r.this), 1),
        fixed(rate(r.base), 1),
        fixed(rate(r.this) / rate(r.base), 2),
        fixed(cpu(r.this), 2),
        fixed(cpu(r.base), 2),
        fixed(cpu(r.base) / cpu(r.this), 2),
        median(r.this.p99s),
        median(r.base.p99s),
        r.this.failures + r.base.failures,
      ]),
      [false, true, true, true, true, true, true, true, true, true],
    ),
  )
  mkdirSync(join(ROOT, 'bench', 'results'), { recursive: true })
  writeFileSync(
    join(ROOT, 'bench', 'results', 'ab.json'),
    JSON.stringify({ base: BASE, rounds, sliceSec, connections, loadavg: loadavg(), rows }, null, 2),
  )
}

main().then(
  () => process.exit(0),
  (error: Error) => {
    console.error(error.stack ?? error.message)
    void stopAll().finally(() => process.exit(1))
  },
)
