/**
 * npm run bench:reliability [-- --no-build] [--only overload,sigterm] [--quick] [--port 3410]
 *                           [--database-url postgres://…/name_bench]
 *
 * The server under faults and load (issue 9), against the production build: builds it, seeds a
 * fresh database with the large organization (as `npm run bench`), then runs each scenario of
 * ./reliability/scenarios.ts on a server of its own, and prints every figure against its target
 * (PASS/FAIL), also written to bench/results/reliability.json (server logs:
 * bench/results/reliability-<scenario>-<n>.log). --quick shortens each scenario to a fifth (to check
 * it runs; the figures then mean less). Exit code 0 when every scenario ran, whatever the figures;
 * 1 when one could not run; 130 on Ctrl-C.
 */
import { mkdirSync, writeFileSync } from 'node:fs'
import { loadavg } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { forgetSignIns, signInCookie } from './auth'
import { ADMIN, benchData, freshDatabase } from './database'
import { section, table } from './report'
import type { Figure } from './reliability/scenario'
import { scenarios as allScenarios } from './reliability/scenarios'
import { freePort, prepareRun, ROOT, startScriptNodeFlags, startServer, stopAll, type BenchServer } from './server'

const { values: args } = parseArgs({
  options: {
    'no-build': { type: 'boolean', default: false },
    only: { type: 'string' },
    quick: { type: 'boolean', default: false },
    port: { type: 'string', default: '3410' },
    'database-url': { type: 'string' },
  },
})
const only = args.only?.split(',').map((s) => s.trim())
const scenarios = only ? allScenarios.filter((s) => only.some((name) => s.name.startsWith(name))) : allScenarios
const RESULTS_DIR = join(ROOT, 'bench', 'results')

let interrupted = false
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (interrupted) return
    interrupted = true
    console.error(`\n${signal}: stopping the servers...`)
    void stopAll().finally(() => process.exit(130))
  })
}

async function main(): Promise<number> {
  await prepareRun({ build: !args['no-build'] })
  const nodeArgs = startScriptNodeFlags().flags
  let databaseUrl = ''
  let data = undefined as Awaited<ReturnType<typeof benchData>> | undefined
  let fresh = true
  const results: { scenario: string; description: string; figures: Figure[]; error?: string }[] = []
  for (const scenario of scenarios) {
    if (interrupted) break
    if (fresh) {
      section('Fresh database: npm run db:seed -- --large')
      databaseUrl = await freshDatabase(args['database-url'])
      forgetSignIns()
      data = await benchData()
      fresh = false
    }
    section(`Scenario ${scenario.name}: ${scenario.description}`)
    const servers: BenchServer[] = []
    const result: (typeof results)[number] = { scenario: scenario.name, description: scenario.description, figures: [] }
    try {
      result.figures = await scenario.run({
        data: data!,
        databaseUrl,
        startServer: async (env) => {
          const port = await freePort(Number(args.port))
          const server = await startServer({
            port,
            databaseUrl,
            nodeArgs,
            env,
            logFile: join(RESULTS_DIR, `reliability-${scenario.name.replace(/\W+/g, '-')}-${servers.length + 1}.log`),
          })
          servers.push(server)
          console.info(`server pid ${server.pid} on ${server.baseUrl}${env ? ` with ${JSON.stringify(env)}` : ''}`)
          return server
        },
        adminCookie: (server) => signInCookie(ADMIN.email, ADMIN.password)(server.baseUrl),
        durationSec: (issueSeconds) => (args.quick ? Math.max(2, Math.round(issueSeconds / 5)) : issueSeconds),
        log: (line) => console.info(line),
      })
    } catch (error) {
      result.error = (error as Error).message
      console.error(`scenario ${scenario.name} failed: ${result.error}`)
    } finally {
      await Promise.all(servers.map((s) => s.stop()))
    }
    fresh = !!scenario.changesData
    results.push(result)
  }
  if (interrupted) return 130

  section('Summary (figures on a busy machine are indicative)')
  const rows = results.flatMap((r) =>
    r.error
      ? [[r.scenario, 'ran', r.error.slice(0, 60), 'no error', 'FAIL']]
      : r.figures.map((f) => [r.scenario, f.figure, f.value, f.target, f.pass === undefined ? '-' : f.pass ? 'PASS' : 'FAIL']),
  )
  console.info(table(['scenario', 'figure', 'value', 'target', 'result'], rows, [false, false, true, false, false]))
  mkdirSync(RESULTS_DIR, { recursive: true })
  const out = join(RESULTS_DIR, 'reliability.json')
  writeFileSync(out, `${JSON.stringify({ at: new Date().toISOString(), quick: args.quick, loadAvgAtEnd: loadavg(), results }, null, 2)}\n`)
  const missed = results.flatMap((r) => r.figures).filter((f) => f.pass === false).length
  console.info(`\nWritten ${out.slice(ROOT.length + 1)}. ${missed === 0 ? 'All targets met.' : `${missed} target(s) missed.`}`)
  return results.some((r) => r.error) ? 1 : 0
}

main().then(
  (code) => process.exit(code),
  async (error: unknown) => {
    console.error(error instanceof Error ? error.message : error)
    await stopAll()
    process.exit(1)
  },
)
