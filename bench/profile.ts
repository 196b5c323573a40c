/**
 * `npm run bench:profile`: where a page's server time goes. For the baseline (/hello-world) and
 * each page scenario of scenarios.ts, one production server with V8's sampling profiler
 * (`--cpu-prof`) is loaded like `npm run bench` does (10 connections), then stopped; its profile
 * is split by the stack of each sample into:
 *
 * - render: React rendering the document (the entry's `handleRequest`, minus the encoding below);
 * - encoding: the loader data for the browser (turbo-stream's `encode`);
 * - SQLite: statements running (Kysely's SQLite driver, `executeQuery`);
 * - the rest: HTTP, Express, Remix's routing, the loaders' own code, garbage collection.
 *
 * Per request, in ms of the main thread (the profiler slows every request alike, so compare
 * within a run). With a scenario's throughput target (a share of the baseline's), `budget` is the
 * whole time a request may take to meet it (the baseline's time / the share). `floor` is what the
 * page cannot do without as it is: its render and its SQLite time, plus the rest of the baseline
 * (the HTTP, Express and Remix work every page does at least as much of): a page whose floor is
 * over its budget cannot meet the target however cheap everything else becomes.
 *
 *   npm run bench:profile -- --only members,signed-in [--no-build] [--duration 6]
 *
 * Profiles are kept in bench/results/profiles/<scenario>.cpuprofile (Chrome DevTools opens them).
 */
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { resolveCookie } from './auth'
import { benchData, freshDatabase, seedFeedAlerts, type BenchData } from './database'
import { load } from './load'
import { fixed, section, table } from './report'
import { resolvePath, scenarios, targetsOf, type Scenario } from './scenarios'
import { freePort, prepareRun, ROOT, startScriptNodeFlags, startServer, stopAll } from './server'

const { values: args } = parseArgs({
  options: {
    'no-build': { type: 'boolean', default: false },
    only: { type: 'string' },
    duration: { type: 'string', default: '6' },
    port: { type: 'string', default: '3320' },
  },
})
const durationSec = Number(args.duration)
if (!Number.isFinite(durationSec) || durationSec <= 0) {
  console.error('--duration must be a positive number')
  process.exit(1)
}
// Ctrl-C stops the server being profiled too.
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => void stopAll().finally(() => process.exit(130)))
const DIR = join(ROOT, 'bench', 'results', 'profiles')
const only = args.only?.split(',').map((s) => s.trim())
const chosen = scenarios.filter((s) => !s.info && s.clientJs !== false && (s.baseline || !only || only.includes(s.name)))

type Part = 'render' | 'encoding' | 'sqlite' | 'rest'
interface Breakdown {
  requests: number
  busyMs: number
  parts: Record<Part, number>
}

interface CpuProfile {
  nodes: { id: number; callFrame: { functionName: string; url: string }; children?: number[] }[]
  samples: number[]
  timeDeltas: number[]
}

/** The part a sample belongs to, from its stack (innermost first): the first frame that tells. */
function partOf(stack: CpuProfile['nodes'][number]['callFrame'][]): Part {
  for (const frame of stack) {
    if (frame.functionName === 'encode' && frame.url.includes('turbo-stream')) return 'encoding'
    if (frame.functionName === 'executeQuery' && frame.url.includes('kysely')) return 'sqlite'
    if (frame.functionName === 'handleRequest' && frame.url.includes('build/server/')) return 'render'
  }
  return 'rest'
}

function breakdown(profile: CpuProfile, requests: number): Breakdown {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]))
  const parent = new Map<number, number>()
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id)
  const partOfNode = new Map<number, Part | 'idle'>()
  const parts: Record<Part, number> = { render: 0, encoding: 0, sqlite: 0, rest: 0 }
  let busyUs = 0
  profile.samples.forEach((id, i) => {
    let part = partOfNode.get(id)
    if (part === undefined) {
      const stack = []
      for (let cur: number | undefined = id; cur !== undefined; cur = parent.get(cur)) stack.push(byId.get(cur)!.callFrame)
      part = stack[0]?.functionName === '(idle)' ? 'idle' : partOf(stack)
      partOfNode.set(id, part)
    }
    if (part === 'idle') return
    const us = profile.timeDeltas[i] ?? 0
    parts[part] += us / 1000 / requests
    busyUs += us
  })
  return { requests, busyMs: busyUs / 1000 / requests, parts }
}

async function profileScenario(s: Scenario, data: BenchData, databaseUrl: string, port: number): Promise<Breakdown> {
  const dir = join(DIR, `${s.name}.tmp`)
  rmSync(dir, { recursive: true, force: true })
  const server = await startServer({
    port,
    databaseUrl,
    logFile: join(DIR, `${s.name}.server.log`),
    nodeArgs: [...startScriptNodeFlags().flags, '--cpu-prof', `--cpu-prof-dir=${dir}`],
  })
  let requests = 0
  try {
    const cookie = await resolveCookie(s.cookie, server.baseUrl)
    const url = `${server.baseUrl}${resolvePath(s.path, data)}`
    for (const seconds of [2, durationSec]) {
      const result = await load({ url, connections: 10, durationSec: seconds, headers: cookie ? { cookie } : undefined })
      if (result.non2xx > 0 || result.errors > 0) throw new Error(`${s.name}: ${result.non2xx} non-2xx answers, ${result.errors} errors`)
      requests += result.requests
    }
  } finally {
    await server.stop()
  }
  const file = readdirSync(dir).find((f) => f.endsWith('.cpuprofile'))
  if (!file) throw new Error(`${s.name}: the server wrote no profile to ${dir}`)
  const target = join(DIR, `${s.name}.cpuprofile`)
  renameSync(join(dir, file), target)
  rmSync(dir, { recursive: true, force: true })
  return breakdown(JSON.parse(readFileSync(target, 'utf8')) as CpuProfile, requests)
}

async function main() {
  await prepareRun({ build: !args['no-build'] })
  mkdirSync(DIR, { recursive: true })
  section('Fresh database data/bench.db: npm run db:seed -- --large')
  const databaseUrl = await freshDatabase()
  const data = await benchData()
  await seedFeedAlerts(data.adminId)
  const port = await freePort(Number(args.port))
  const rows: { s: Scenario; b: Breakdown }[] = []
  for (const s of chosen) {
    section(`Profiling ${s.name} ${s.path}`)
    const b = await profileScenario(s, data, databaseUrl, port)
    console.info(`${b.requests} requests, ${fixed(b.busyMs, 2)} ms of the main thread each`)
    rows.push({ s, b })
  }
  const baseline = rows.find((r) => r.s.baseline)?.b
  section(`Server time per request (ms, with the profiler's overhead) against the throughput target's budget`)
  console.info(
    table(
      ['scenario', 'requests', 'whole', 'render', 'encoding', 'SQLite', 'rest', 'target', 'budget', 'floor'],
      rows.map(({ s, b }) => {
        const minRatio = targetsOf(s).minRatio
        const budget = baseline && minRatio ? baseline.busyMs / minRatio : undefined
        const floor = b.parts.render + b.parts.sqlite + (s.baseline ? 0 : (baseline?.parts.rest ?? 0))
        return [
          s.name,
          b.requests,
          fixed(b.busyMs, 2),
          fixed(b.parts.render, 2),
          fixed(b.parts.encoding, 2),
          fixed(b.parts.sqlite, 2),
          fixed(b.parts.rest, 2),
          minRatio ? `>= ${minRatio * 100} %` : s.baseline ? 'baseline' : '-',
          budget === undefined ? '-' : fixed(budget, 2),
          budget === undefined ? '-' : `${fixed(floor, 2)} (${floor > budget ? 'over the budget' : 'within'})`,
        ]
      }),
      [false, true, true, true, true, true, true, false, true, false],
    ),
  )
  console.info(`\nProfiles: ${DIR}/<scenario>.cpuprofile`)
}

main().then(
  () => process.exit(0),
  (error: Error) => {
    console.error(error.stack ?? error.message)
    process.exit(1)
  },
)
