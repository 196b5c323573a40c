/**
 * npm run bench [-- --no-build] [--duration 10] [--warmup 3] [--connections 10] [--port 3310]
 *                [--only signin,members,groups,healthz,elements,queries,members-api,loops-export,form-flood,loop-photos,telemetry,bulk,library-save,members-scale] [--compressed]
 *                [--node-args="--trace-gc"] [--tsx] [--entry build/server.js] [--bulk-size 1000]
 *                [--database-url postgres://…/name_bench]
 *                [--lighthouse] [--lighthouse-runs 3]
 *
 * --compressed sends `Accept-Encoding: gzip, deflate, br` like a browser (the server then
 * compresses HTML); by default autocannon sends none. --tsx runs server/index.ts through tsx
 * instead of the production bundle build/server.js; --entry runs another bundle (A/B experiments).
 * The server always gets the node flags of package.json's scripts.start; --node-args adds more.
 * --lighthouse also audits the pages of scenarios.ts's lighthousePages in Chromium (./lighthouse.ts),
 * after the load scenarios and before the bulk removal.
 *
 * Builds the production bundle, migrates and seeds a fresh SQLite database (with the large
 * organization), counts the queries of the list services at two page sizes, starts the production
 * server, loads each scenario of ./scenarios.ts in turn with autocannon while sampling the server's
 * RSS, measures the client JavaScript of each page, times a bulk removal through the API, prints a
 * summary with PASS/FAIL per target and writes it to bench/results/latest.json. Exit code 0 when
 * the benchmark ran (whether or not targets pass), 1 when it could not run, 130 on Ctrl-C.
 */
import { execFileSync } from 'node:child_process'
import { mkdirSync, writeFileSync } from 'node:fs'
import { cpus, loadavg, totalmem } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { resolveCookie, signInCookie } from './auth'
import { bulkRemoval, type BulkResult } from './bulk'
import { measureClientJs, type ClientJsReport } from './client-size'
import { ADMIN, benchData, FEED_ALERTS, freshDatabase, seedFeedAlerts, withDb, type BenchData } from './database'
import { MAX_ELEMENTS, measureElements, printElements, type ElementsRow } from './elements'
import { FLOOD_PATHS, FLOOD_REPEATS, formFlood, MAX_BLOCKED_MS, type FloodRow } from './form-flood'
import { TELEMETRY_MAX_P99_MS, TELEMETRY_REQUESTS, telemetryBatch, type TelemetryBenchResult } from './telemetry'
import { lighthouse, type LighthouseResult } from './lighthouse'
import { loopPhotos, MAX_OTHER_P99_MS, MAX_RSS_MB, PHOTO_LOOPS, type LoopPhotosResult } from './loop-photos'
import { LIBRARY_SAVE_MAX_P99_MS, librarySave, printLibrarySave, type LibrarySaveRow } from './library-save'
import { load, rssBytes, stopLoad, type LoadResult } from './load'
import { fullMemberList, type MembersApiResult } from './members-api'
import { loopsExport, type LoopsExportRun } from './loops-export'
import { membersScale, printScale, type ScaleResult } from './members-scale'
import { measureQueryCounts, PAGE_SIZES, type QueryCountRow } from './queries'
import { fixed, kB, section, table } from './report'
import { scenarios as allScenarios, lighthousePages, resolvePath, targetsOf, type LighthousePage, type Scenario } from './scenarios'
import { prepareRun, freePort, ROOT, serverArgs, startScriptNodeFlags, startServer, stopAll } from './server'

const { values: args } = orUsage(() =>
  parseArgs({
    options: {
      'no-build': { type: 'boolean', default: false },
      duration: { type: 'string', default: '10' },
      warmup: { type: 'string', default: '3' },
      connections: { type: 'string', default: '10' },
      port: { type: 'string', default: '3310' },
      only: { type: 'string' },
      compressed: { type: 'boolean', default: false },
      'node-args': { type: 'string', default: '' },
      tsx: { type: 'boolean', default: false },
      entry: { type: 'string', default: 'build/server.js' },
      'bulk-size': { type: 'string', default: '1000' },
      'database-url': { type: 'string' },
      lighthouse: { type: 'boolean', default: false },
      'lighthouse-runs': { type: 'string', default: '3' },
      /** Only these of lighthousePages (names, comma-separated), e.g. "loop form,loops". */
      'lighthouse-pages': { type: 'string' },
    },
  }),
)
const durationSec = positive('duration')
const warmupSec = Number(args.warmup)
const connections = positive('connections')
const bulkSize = positive('bulk-size')
const lighthouseRuns = positive('lighthouse-runs')
/** The flags of `npm start` (package.json scripts.start), then those of --node-args. */
const startScript = startScriptNodeFlags()
const nodeArgs = [...startScript.flags, ...args['node-args'].split(/\s+/).filter(Boolean)]
const only = args.only?.split(',').map((s) => s.trim())
const scenarios = only ? allScenarios.filter((s) => s.baseline || only.includes(s.name)) : allScenarios
/** The steps besides the page loads: the query counts, the member list, the form flood and the bulk removal. */
const runs = (
  step: 'elements' | 'queries' | 'members-api' | 'loops-export' | 'form-flood' | 'telemetry' | 'bulk' | 'library-save' | 'loop-photos',
) => !only || only.includes(step)

const RESULTS_DIR = join(ROOT, 'bench', 'results')

interface ScenarioResult {
  name: string
  /** As in scenarios.ts (`{largeOrg}` not replaced). */
  path: string
  url?: string
  baseline: boolean
  info: boolean
  load?: LoadResult
  /** Size of one answer (the probe request), bytes. */
  responseBytes?: number
  /** req/s of this scenario / req/s of the baseline. */
  ratio?: number
  /** The same from server CPU time per request (baseline ms/req / this ms/req): robust to a busy machine. */
  cpuRatio?: number
  /** The two ratios relative to the info scenario (/healthz) instead of the baseline: information. */
  ratioToInfo?: number
  cpuRatioToInfo?: number
  clientJs?: ClientJsReport
  error?: string
}

interface Check {
  figure: string
  value: string
  target: string
  /** undefined: a figure without a target (information only). */
  pass?: boolean
}

let interrupted = false
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (interrupted) return
    interrupted = true
    console.error(`\n${signal}: stopping load and server...`)
    stopLoad()
    void stopAll().finally(() => process.exit(130))
  })
}

async function main(): Promise<number> {
  const started = new Date()
  await prepareRun({ build: !args['no-build'] })

  section('Fresh database data/bench.db: npm run db:seed -- --large')
  const seedStarted = performance.now()
  const databaseUrl = await freshDatabase(args['database-url'])
  const seedSec = (performance.now() - seedStarted) / 1000
  const data = await benchData()
  console.info(
    `${data.largeOrgName} ${data.largeOrgId}: ${data.members} members, ${data.groups} groups (migrate + seed ${fixed(seedSec)} s)`,
  )
  await seedFeedAlerts(data.adminId)
  console.info(`${ADMIN.email}: ${FEED_ALERTS} alerts in the feed (the feed and counts scenarios)`)

  let queryCounts: QueryCountRow[] | undefined
  let queryCountError: string | undefined
  if (runs('queries')) {
    section(`Query counts of the list services at page size ${PAGE_SIZES.join(' and ')} (in process, ${ADMIN.email})`)
    try {
      queryCounts = await measureQueryCounts(data.largeOrgId, data.adminId)
      const failed = queryCounts.filter((r) => !r.pass)
      console.info(
        `${queryCounts.length} calls measured: ` +
          (failed.length ? `(!) ${failed.length} grow with the page size` : 'no count grows with the page size') +
          ' (table below)',
      )
    } catch (error) {
      queryCountError = (error as Error).message
      console.error(`query counts failed: ${queryCountError}`)
    }
  }

  const port = await freePort(Number(args.port))
  if (startScript.entry && startScript.entry !== 'build/server.js') {
    console.warn(`(!) package.json scripts.start runs ${startScript.entry}, the benchmark ${args.entry}`)
  }
  section(
    `Starting the production server on 127.0.0.1:${port}: node ${[...nodeArgs, ...serverArgs(args.tsx, args.entry)].join(
      ' ',
    )}  (flags of npm start: ${startScript.flags.join(' ') || 'none'})`,
  )
  const server = await startServer({
    port,
    databaseUrl,
    logFile: join(RESULTS_DIR, 'server.log'),
    nodeArgs,
    tsx: args.tsx,
    entry: args.entry,
  })
  console.info(`server pid ${server.pid} (listening process), idle RSS ${fixed((rssBytes(server.pid) ?? NaN) / 1e6)} MB`)

  const results: ScenarioResult[] = []
  const audits: LighthouseAudit[] = []
  let bulk: BulkResult | undefined
  let bulkError: string | undefined
  let rssAfterBulkMB: number | undefined
  let membersApi: MembersApiResult | undefined
  let exportRuns: LoopsExportRun[] | undefined
  let flood: FloodRow[] | undefined
  let photos: LoopPhotosResult | undefined
  let photosError: string | undefined
  let floodError: string | undefined
  let telemetry: TelemetryBenchResult | undefined
  let telemetryError: string | undefined
  let elements: ElementsRow[] | undefined
  let elementsError: string | undefined
  try {
    if (runs('elements') && !interrupted) {
      section(`Elements per page (server-rendered HTML outside scripts), at most ${MAX_ELEMENTS} (bench/elements.ts)`)
      try {
        elements = await measureElements(server.baseUrl, data)
        console.info(`${elements.length} pages counted (table below)`)
      } catch (error) {
        elementsError = (error as Error).message
        console.error(`element counts failed: ${elementsError}`)
      }
    }
    for (const s of scenarios) {
      if (interrupted) break
      results.push(await runScenario(s, data, server.baseUrl, server.pid))
    }
    if (runs('members-api') && !interrupted) {
      section(`Full member list of ${data.largeOrgName}: GET /api/v1/organizations/{largeOrg}/members (streamed)`)
      const cookie = await signInCookie(ADMIN.email, ADMIN.password)(server.baseUrl)
      membersApi = await fullMemberList(server.baseUrl, cookie, server.pid, data.largeOrgId)
      console.info(
        `${membersApi.members} members, ${kB(membersApi.bytes)} kB: first byte ${membersApi.firstByteMs
          .map((t) => fixed(t, 0))
          .join(' / ')} ms, ` +
          `whole list ${membersApi.totalMs.map((t) => fixed(t, 0)).join(' / ')} ms (server CPU ${fixed(
            membersApi.serverCpuMs ?? NaN,
            0,
          )} ms each); ` +
          `server RSS ${fixed(membersApi.rssBeforeMB)} MB before, at most ${fixed(membersApi.rssMaxMB)} MB meanwhile`,
      )
    }
    if (runs('loops-export') && !interrupted) {
      section(`Export of a group's loops: GET /api/v3/groups/{workGroup}/loops/export (streamed, bench/loops-export.ts)`)
      const cookie = await signInCookie(ADMIN.email, ADMIN.password)(server.baseUrl)
      exportRuns = await loopsExport(server.baseUrl, cookie, server.pid, data.workGroupId)
      for (const r of exportRuns)
        console.info(
          `${r.format}${r.slowClient ? ' (slow client)' : ''}: ${kB(r.bytes)} kB in ${fixed(r.totalMs, 0)} ms (server CPU ${fixed(r.serverCpuMs ?? NaN, 0)} ms); ` +
            `server RSS ${fixed(r.rssBeforeMB)} MB before, at most ${fixed(r.rssMaxMB)} MB meanwhile`,
        )
    }
    if (runs('form-flood') && !interrupted) {
      section(
        `Form flood: a field repeated ${FLOOD_REPEATS.join(' and ')} times, posted to ${FLOOD_PATHS.join(', ')}, ` +
          'while /healthz is asked one request after another',
      )
      try {
        flood = await formFlood(server.baseUrl)
        printFlood(flood)
      } catch (error) {
        floodError = (error as Error).message
        console.error(`form flood failed: ${floodError}`)
      }
    }
    if (runs('loop-photos') && !interrupted) {
      section(`Loop photos: ${PHOTO_LOOPS} loops with 3 photos of up to 5 MB each, while two probes ask for /hello-world`)
      try {
        photos = await loopPhotos(server.baseUrl, server.pid, data)
        console.info(
          `photos ${photos.photoBytes.map((b) => fixed(b / 1_048_576, 1)).join(' / ')} MB; statuses ${photos.statuses.join(', ')}; ` +
            `each loop ${photos.loopMs.map((t) => fixed(t, 0)).join(' / ')} ms; ${photos.probes} probes, p50 ${fixed(photos.otherP50Ms)} ms, ` +
            `p99 ${fixed(photos.otherP99Ms)} ms; server RSS ${fixed(photos.rssBeforeMB)} MB before, at most ${fixed(photos.rssMaxMB)} MB`,
        )
      } catch (error) {
        photosError = (error as Error).message
        console.error(`loop photos failed: ${photosError}`)
      }
    }
    if (runs('telemetry') && !interrupted) {
      section(`Telemetry: ${TELEMETRY_REQUESTS} x POST /api/telemetry with a batch of 100 events`)
      try {
        telemetry = await telemetryBatch(server.baseUrl, server.pid)
        console.info(
          `${telemetry.requests} batches of ${telemetry.bodyBytes} bytes: ${JSON.stringify(telemetry.statuses)}; ` +
            `p50 ${fixed(telemetry.p50Ms)} ms, p90 ${fixed(telemetry.p90Ms)} ms, p99 ${fixed(telemetry.p99Ms)} ms, max ${fixed(telemetry.maxMs)} ms; ` +
            `server CPU ${fixed(telemetry.serverCpuMsPerRequest ?? NaN)} ms a batch`,
        )
      } catch (error) {
        telemetryError = (error as Error).message
        console.error(`telemetry failed: ${telemetryError}`)
      }
    }
    // On an idle server, before the bulk step changes the data.
    if (args.lighthouse) {
      const named = args['lighthouse-pages']?.split(',').map((s) => s.trim())
      for (const page of lighthousePages.filter((p) => !named || named.includes(p.name))) {
        if (interrupted) break
        audits.push(await runLighthouse(page, data, server.baseUrl))
      }
    }
    // Last: it removes members of the large organization.
    if (runs('bulk') && !interrupted) {
      section(`Bulk removal of ${bulkSize} members of ${data.largeOrgName}: POST /api/v1/organizations/{largeOrg}/remove-members`)
      try {
        const cookie = await signInCookie(ADMIN.email, ADMIN.password)(server.baseUrl)
        bulk = await bulkRemoval(server.baseUrl, cookie, server.pid, data.largeOrgId, bulkSize)
        rssAfterBulkMB = (rssBytes(server.pid) ?? NaN) / 1e6
        console.info(
          `${bulk.items} members (${bulk.groupMemberships} group memberships) in ${fixed(bulk.wallMs, 0)} ms ` +
            `(server CPU ${bulk.serverCpuMs ?? '-'} ms): ` +
            `${JSON.stringify(bulk.results)}; members ${bulk.membersBefore} > ${bulk.membersAfter}, ` +
            `groups with a wrong member_count ${bulk.groupsWithWrongCount}; server RSS after ${fixed(rssAfterBulkMB)} MB`,
        )
      } catch (error) {
        bulkError = (error as Error).message
        console.error(`bulk removal failed: ${bulkError}`)
      }
    }
  } finally {
    await server.stop()
  }
  if (interrupted) return 130
  // In process, once the server has stopped (issue 11: a wizard step saves in < 50 ms p99).
  let librarySaves: LibrarySaveRow[] | undefined
  let librarySaveError: string | undefined
  if (runs('library-save')) {
    section('Saving a wizard step of a package of 20 roles and 500 tasks (in process, one save after another)')
    try {
      librarySaves = await withDb((db) => librarySave(db))
      printLibrarySave(librarySaves)
    } catch (error) {
      librarySaveError = (error as Error).message
      console.error(`library save failed: ${librarySaveError}`)
    }
  }
  // Opt-in, after everything else: it adds 500,000 users to the database.
  let scale: ScaleResult | undefined
  if (only?.includes('members-scale')) {
    section(`Members list of ${data.largeOrgName} alone, then with 500,000 users in other organizations (in process)`)
    scale = await membersScale(data.largeOrgId, data.adminId, data.dialect === 'postgres')
    printScale(scale)
  }

  const baseline = results.find((r) => r.baseline)?.load
  const info = results.find((r) => r.info)?.load
  for (const r of results) {
    if (!r.load || r.info) continue
    if (!r.baseline) [r.ratio, r.cpuRatio] = ratios(r.load, baseline)
    ;[r.ratioToInfo, r.cpuRatioToInfo] = ratios(r.load, info)
  }

  printLoadTable(results)
  for (const r of results) if (r.clientJs) printClientJs(r.clientJs)
  if (audits.length > 0) printLighthouse(audits)
  if (queryCounts) printQueryCounts(queryCounts)
  if (elements) printElements(elements)
  const checks = [
    ...evaluateElements(elements, elementsError),
    ...evaluate(results),
    ...evaluateLighthouse(audits),
    ...evaluateQueryCounts(queryCounts, queryCountError),
    ...evaluateFlood(flood, floodError),
    ...evaluatePhotos(photos, photosError),
    ...evaluateTelemetry(telemetry, telemetryError),
    ...evaluateLibrarySave(librarySaves, librarySaveError),
    ...evaluateBulk(bulk, bulkError),
  ]
  section('Summary')
  console.info(
    table(
      ['figure', 'value', 'target', 'result'],
      checks.map((c) => [c.figure, c.value, c.target, c.pass === undefined ? '-' : c.pass ? 'PASS' : 'FAIL']),
      [false, true, false, false],
    ),
  )

  const report = {
    startedAt: started.toISOString(),
    finishedAt: new Date().toISOString(),
    commit: gitCommit(),
    machine: {
      node: process.version,
      cpus: cpus().length,
      cpuModel: cpus()[0]?.model,
      totalMemMB: Math.round(totalmem() / 1e6),
      loadAvgAtEnd: loadavg(),
    },
    options: {
      durationSec,
      warmupSec,
      connections,
      build: !args['no-build'],
      port,
      compressed: args.compressed,
      tsx: args.tsx,
      entry: args.entry,
      nodeArgs,
      startScript: startScript.script,
      bulkSize,
      lighthouse: args.lighthouse ? { runs: lighthouseRuns } : false,
    },
    data,
    seedSec,
    units: { rss: 'MB = 10^6 bytes', size: 'bytes; kB in the summary = 1000 bytes', latency: 'ms' },
    scenarios: results,
    lighthouse: audits,
    queryCounts,
    elements,
    bulk: bulk && { ...bulk, serverRssAfterMB: rssAfterBulkMB },
    membersApi,
    loopsExport: exportRuns,
    formFlood: flood,
    loopPhotos: photos,
    telemetry,
    librarySaves,
    membersScale: scale,
    summary: checks,
    allPass: checks.every((c) => c.pass !== false),
  }
  mkdirSync(RESULTS_DIR, { recursive: true })
  const out = join(RESULTS_DIR, 'latest.json')
  writeFileSync(out, `${JSON.stringify(report, null, 2)}\n`)
  console.info(`\nWritten ${out.slice(ROOT.length + 1)} (server log: bench/results/server.log)`)
  console.info(report.allPass ? 'All targets met.' : `${checks.filter((c) => c.pass === false).length} target(s) missed.`)

  return results.some((r) => r.error) ||
    audits.some((a) => a.error) ||
    queryCountError ||
    elementsError ||
    floodError ||
    telemetryError ||
    librarySaveError ||
    bulkError
    ? 1
    : 0
}

function printFlood(rows: FloodRow[]) {
  console.info(
    table(
      ['path', 'repeats', 'kB', 'status', 'answer ms', 'longest /healthz ms', 'probes'],
      rows.map((r) => [r.path, r.repeats, kB(r.bytes), r.status, fixed(r.ms), fixed(r.blockedMs), r.probes]),
      [false, true, true, true, true, true, true],
    ),
  )
}

/** Issue 25: every page at most MAX_ELEMENTS elements. */
function evaluateElements(rows: ElementsRow[] | undefined, error: string | undefined): Check[] {
  if (error) return [{ figure: 'element counts ran', value: error.slice(0, 60), target: 'no errors', pass: false }]
  return (rows ?? []).map((r) => ({
    figure: `elements of ${r.name} (${r.path})`,
    value: r.status === 200 ? String(r.elements) : `HTTP ${r.status}`,
    target: `<= ${MAX_ELEMENTS}`,
    pass: r.pass,
  }))
}

/** Every batch of 100 events stored (204), p99 under TELEMETRY_MAX_P99_MS. */
function evaluateTelemetry(result: TelemetryBenchResult | undefined, error: string | undefined): Check[] {
  if (error) return [{ figure: 'telemetry ran', value: error.slice(0, 60), target: 'no errors', pass: false }]
  if (!result) return []
  return [
    {
      figure: 'POST /api/telemetry, 100 events: p99, stored',
      value: `${fixed(result.p99Ms)} ms, ${result.statuses[204] ?? 0}/${result.requests}`,
      target: `< ${TELEMETRY_MAX_P99_MS} ms, all`,
      pass: result.p99Ms < TELEMETRY_MAX_P99_MS && result.statuses[204] === result.requests,
    },
  ]
}

/** Every wizard step saves in under LIBRARY_SAVE_MAX_P99_MS at the 99th percentile. */
function evaluateLibrarySave(rows: LibrarySaveRow[] | undefined, error: string | undefined): Check[] {
  if (error) return [{ figure: 'library save ran', value: error.slice(0, 60), target: 'no errors', pass: false }]
  return (rows ?? []).map((r) => ({
    figure: `library save, ${r.step}: p99 of ${r.saves}`,
    value: `${fixed(r.p99Ms)} ms`,
    target: `< ${LIBRARY_SAVE_MAX_P99_MS} ms`,
    pass: r.p99Ms < LIBRARY_SAVE_MAX_P99_MS,
  }))
}

/** Issue 34: loops with 3 photos of 5 MB are written (a redirect to the loop) under the RSS and p99 targets. */
function evaluatePhotos(result: LoopPhotosResult | undefined, error: string | undefined): Check[] {
  if (error) return [{ figure: 'loop photos ran', value: error.slice(0, 60), target: 'no errors', pass: false }]
  if (!result) return []
  return [
    {
      figure: `loop photos: ${PHOTO_LOOPS} loops written (3 photos each)`,
      value: result.statuses.join(', '),
      target: 'redirects',
      pass: result.statuses.every((s) => s >= 300 && s < 400),
    },
    {
      figure: 'loop photos: server max RSS',
      value: `${fixed(result.rssMaxMB)} MB`,
      target: `< ${MAX_RSS_MB} MB`,
      pass: result.rssMaxMB < MAX_RSS_MB,
    },
    {
      figure: 'loop photos: other requests p99',
      value: `${fixed(result.otherP99Ms)} ms`,
      target: `< ${MAX_OTHER_P99_MS} ms`,
      pass: result.otherP99Ms < MAX_OTHER_P99_MS,
    },
  ]
}

/** Each flood is refused (413) without blocking the server for longer than MAX_BLOCKED_MS. */
function evaluateFlood(rows: FloodRow[] | undefined, error: string | undefined): Check[] {
  if (error) return [{ figure: 'form flood ran', value: error.slice(0, 60), target: 'no errors', pass: false }]
  return (rows ?? []).map((r) => ({
    figure: `form flood ${r.path} x${r.repeats}: status, server blocked`,
    value: `${r.status}, ${fixed(r.blockedMs)} ms`,
    target: `413, < ${MAX_BLOCKED_MS} ms`,
    pass: r.status === 413 && r.blockedMs < MAX_BLOCKED_MS,
  }))
}

interface LighthouseAudit {
  name: string
  path: string
  url?: string
  targets?: LighthousePage['targets']
  result?: Omit<LighthouseResult, 'report'>
  error?: string
}

async function runLighthouse(page: LighthousePage, data: BenchData, baseUrl: string): Promise<LighthouseAudit> {
  const path = resolvePath(page.path, data)
  const audit: LighthouseAudit = { name: page.name, path: page.path, url: path, targets: page.targets }
  section(`Lighthouse ${page.name}: ${path}${page.cookie ? ' (signed in)' : ''}, mobile preset, ${lighthouseRuns} run(s)`)
  try {
    const cookie = await resolveCookie(page.cookie, baseUrl)
    const { report, ...r } = await lighthouse(`${baseUrl}${path}`, { cookie, runs: lighthouseRuns })
    audit.result = r
    mkdirSync(RESULTS_DIR, { recursive: true })
    writeFileSync(join(RESULTS_DIR, `lighthouse-${page.name.replace(/\W+/g, '-')}.json`), report)
    console.info(
      `performance ${r.performance} (runs ${r.runScores.join(', ')}), LCP ${fixed(r.lcpMs, 0)} ms, ` +
        `TBT ${fixed(r.tbtMs, 0)} ms, accessibility ${r.accessibility} (Lighthouse ${r.version})`,
    )
  } catch (error) {
    audit.error = (error as Error).message
    console.error(`lighthouse failed: ${audit.error}`)
  }
  return audit
}

function printLighthouse(audits: LighthouseAudit[]) {
  section(`Lighthouse (mobile preset: simulated slow 4G, 4x CPU; median of ${lighthouseRuns} run(s) by performance)`)
  console.info(
    table(
      ['page', 'path', 'performance', 'runs', 'LCP ms', 'TBT ms', 'FCP ms', 'CLS', 'accessibility'],
      audits.map((a) => {
        const r = a.result
        if (!r) return [a.name, a.url ?? a.path, 'error', '', '', '', '', '', '']
        return [
          a.name,
          a.url ?? a.path,
          r.performance,
          r.runScores.join(' '),
          fixed(r.lcpMs, 0),
          fixed(r.tbtMs, 0),
          fixed(r.fcpMs, 0),
          fixed(r.cls, 3),
          r.accessibility,
        ]
      }),
      [false, false, true, false, true, true, true, true, true],
    ),
  )
}

function evaluateLighthouse(audits: LighthouseAudit[]): Check[] {
  const checks: Check[] = []
  for (const a of audits) {
    const label = `lighthouse ${a.name}`
    const r = a.result
    if (!r) {
      checks.push({ figure: `${label} ran`, value: (a.error ?? 'n/a').slice(0, 60), target: 'no errors', pass: false })
      continue
    }
    const t = a.targets
    checks.push(
      {
        figure: `${label} performance`,
        value: String(r.performance),
        target: t ? `>= ${t.minPerformance}` : '-',
        pass: t && r.performance >= t.minPerformance,
      },
      { figure: `${label} LCP`, value: `${fixed(r.lcpMs, 0)} ms`, target: t ? `< ${t.maxLcpMs} ms` : '-', pass: t && r.lcpMs < t.maxLcpMs },
      { figure: `${label} TBT`, value: `${fixed(r.tbtMs, 0)} ms`, target: t ? `< ${t.maxTbtMs} ms` : '-', pass: t && r.tbtMs < t.maxTbtMs },
      { figure: `${label} accessibility`, value: String(r.accessibility), target: '-' },
    )
  }
  return checks
}

async function runScenario(s: Scenario, data: BenchData, baseUrl: string, pid: number): Promise<ScenarioResult> {
  const path = resolvePath(s.path, data)
  const url = `${baseUrl}${path}`
  const result: ScenarioResult = { name: s.name, path: s.path, url: path, baseline: !!s.baseline, info: !!s.info }
  section(`Scenario ${s.name}: GET ${path}${s.cookie ? ' (signed in)' : ''}`)
  try {
    const cookie = await resolveCookie(s.cookie, baseUrl)
    const headers: Record<string, string> = {
      ...(args.compressed ? { 'accept-encoding': 'gzip, deflate, br' } : {}),
      ...(cookie ? { cookie } : {}),
    }
    const expected = s.expectStatus ?? 200
    const probe = await fetch(url, { headers, redirect: 'manual' })
    result.responseBytes = (await probe.arrayBuffer()).byteLength
    if (probe.status !== expected) throw new Error(`GET ${path} answered ${probe.status}, expected ${expected}`)
    const setCookies = probe.headers.getSetCookie().map((c) => c.slice(0, c.indexOf('=')))
    if (setCookies.length > 0) console.info(`(the page sets cookies: ${setCookies.join(', ')}; not sent back)`)

    if (warmupSec > 0) {
      console.info(`warm-up ${warmupSec}s...`)
      await load({ url, connections, durationSec: warmupSec, headers })
    }
    if (interrupted) return result
    console.info(`load ${durationSec}s, ${connections} connections...`)
    const l = await load({ url, connections, durationSec, headers, pid })
    if (interrupted) return result
    result.load = l
    const bad = l.errors + l.timeouts + (expected === 200 ? l.non2xx : l.requests - (l.statusCodes[expected] ?? 0))
    console.info(
      `${fixed(l.reqPerSec, 0)} req/s, p50 ${l.latencyP50Ms} ms, p99 ${l.latencyP99Ms} ms, max RSS ${fixed(l.rss?.maxMB ?? NaN)} MB` +
        (bad ? `  (!) ${bad} bad responses: ${JSON.stringify(l.statusCodes)} errors ${l.errors} timeouts ${l.timeouts}` : ''),
    )
    if (bad) result.error = `${bad} of ${l.requests} responses were errors or not ${expected}`

    if (s.clientJs ?? true) result.clientJs = await measureClientJs(url, headers)
  } catch (error) {
    result.error = (error as Error).message
    console.error(`scenario ${s.name} failed: ${result.error}`)
  }
  return result
}

function evaluate(results: ScenarioResult[]): Check[] {
  const checks: Check[] = []
  for (const r of results) {
    const s = scenarios.find((x) => x.name === r.name)!
    const t = targetsOf(s)
    const label = `${r.name} ${r.path}`
    if (r.error) checks.push({ figure: `${label} ran`, value: r.error.slice(0, 60), target: 'no errors', pass: false })
    if (r.load) {
      checks.push({ figure: `${label} req/s`, value: fixed(r.load.reqPerSec, 0), target: '-' })
      checks.push({
        figure: `${label} latency p50 / p99`,
        value: `${r.load.latencyP50Ms} / ${r.load.latencyP99Ms} ms`,
        target: '-',
      })
    }
    if (t.minRatio !== undefined && !r.baseline) {
      const v = r.ratio
      checks.push({
        figure: `${label} throughput / ${results.find((x) => x.baseline)?.path ?? 'baseline'}`,
        value: v === undefined ? 'n/a' : `${fixed(v * 100)} %`,
        target: `>= ${t.minRatio * 100} %`,
        pass: v !== undefined && v >= t.minRatio,
      })
      if (r.cpuRatio !== undefined) {
        checks.push({
          figure: `${label} same, by server CPU ms/req`,
          value: `${fixed(r.cpuRatio * 100)} %`,
          target: '-',
        })
      }
    }
    if (r.ratioToInfo !== undefined) {
      const ref = results.find((x) => x.info)!
      checks.push({
        figure: `${label} / ${ref.path} (req/s | CPU), info`,
        value: `${fixed(r.ratioToInfo * 100)} | ${fixed((r.cpuRatioToInfo ?? NaN) * 100)} %`,
        target: '-',
      })
    }
    if (t.maxP99Ms !== undefined) {
      const v = r.load?.latencyP99Ms
      checks.push({
        figure: `${label} latency p99`,
        value: v === undefined ? 'n/a' : `${v} ms`,
        target: `< ${t.maxP99Ms} ms`,
        pass: v !== undefined && v < t.maxP99Ms,
      })
    }
    if (t.maxRssMB !== undefined) {
      const v = r.load?.rss?.maxMB
      checks.push({
        figure: `${label} max RSS under load`,
        value: v === undefined ? 'n/a' : `${fixed(v)} MB`,
        target: `<= ${t.maxRssMB} MB`,
        pass: v !== undefined && v <= t.maxRssMB,
      })
    }
    if (t.maxClientJsKB !== undefined && (s.clientJs ?? true)) {
      const v = r.clientJs?.totalGzipBytes
      checks.push({
        figure: `${label} client JS gzip`,
        value: v === undefined ? 'n/a' : `${kB(v)} kB`,
        target: `<= ${t.maxClientJsKB} kB`,
        pass: v !== undefined && v <= t.maxClientJsKB * 1000,
      })
    }
  }
  return checks
}

function evaluateQueryCounts(rows: QueryCountRow[] | undefined, error: string | undefined): Check[] {
  if (error) return [{ figure: 'query counts ran', value: error.slice(0, 60), target: 'no errors', pass: false }]
  if (!rows) return []
  const services = [...new Set(rows.map((r) => r.service))]
  return services.map((service) => {
    const own = rows.filter((r) => r.service === service)
    const counts = [...new Set(own.map((r) => PAGE_SIZES.map((s) => r.queries[s]).join(' / ')))]
    return {
      figure: `${service} queries at page size ${PAGE_SIZES.join(' / ')} (${own.length} variants)`,
      value: counts.join(', '),
      target: 'equal (no N+1)',
      pass: own.every((r) => r.pass),
    }
  })
}

function evaluateBulk(bulk: BulkResult | undefined, error: string | undefined): Check[] {
  if (error) return [{ figure: 'bulk removal ran', value: error.slice(0, 60), target: 'no errors', pass: false }]
  if (!bulk) return []
  const succeeded = bulk.results.SUCCESS ?? 0
  return [
    {
      figure: `bulk removal of ${bulk.items} members, wall time`,
      value: `${fixed(bulk.wallMs, 0)} ms`,
      target: '< 1000 ms',
      pass: bulk.wallMs < 1000,
    },
    {
      figure: 'bulk removal, server CPU time meanwhile',
      value: bulk.serverCpuMs === undefined ? 'n/a' : `${bulk.serverCpuMs} ms`,
      target: '-',
    },
    {
      figure: 'bulk removal per-item results',
      value: Object.entries(bulk.results)
        .map(([k, v]) => `${k} ${v}`)
        .join(', '),
      target: `SUCCESS ${bulk.items}`,
      pass: succeeded === bulk.items && bulk.membersBefore - bulk.membersAfter === bulk.items,
    },
    {
      figure: 'bulk removal: groups with a wrong member_count',
      value: String(bulk.groupsWithWrongCount),
      target: '0',
      pass: bulk.groupsWithWrongCount === 0,
    },
  ]
}

function printQueryCounts(rows: QueryCountRow[]) {
  section(`Query counts (executed queries per call, the access check included; page size ${PAGE_SIZES.join(' / ')})`)
  console.info(
    table(
      ['service', 'variant', ...PAGE_SIZES.map((s) => `queries @${s}`), ...PAGE_SIZES.map((s) => `rows @${s}`), 'result'],
      rows.map((r) => [
        r.service,
        r.variant,
        ...PAGE_SIZES.map((s) => r.queries[s]),
        ...PAGE_SIZES.map((s) => r.rows[s]),
        r.pass ? 'PASS' : 'FAIL',
      ]),
      [false, false, ...PAGE_SIZES.map(() => true), ...PAGE_SIZES.map(() => true), false],
    ),
  )
}

/** [req/s ratio, CPU-per-request ratio] of a run relative to another. */
function ratios(own: LoadResult, base: LoadResult | undefined): [number | undefined, number | undefined] {
  if (!base) return [undefined, undefined]
  const [a, b] = [own.cpu?.serverMsPerRequest, base.cpu?.serverMsPerRequest]
  return [own.reqPerSec / base.reqPerSec, a && b ? b / a : undefined]
}

function printLoadTable(results: ScenarioResult[]) {
  section(
    `Load (${connections} connections, ${durationSec}s each, sequential; ratio = req/s / the baseline's, ` +
      `CPU ratio = the same from server CPU ms/req, /healthz (info) = req/s / /healthz's)`,
  )
  console.info(
    table(
      [
        'scenario',
        'path',
        'req/s',
        'p50 ms',
        'p99 ms',
        'avg ms',
        'requests',
        'non-2xx',
        'RSS start>end MB',
        'max RSS MB',
        'ratio',
        'srv CPU ms/req',
        'CPU ratio',
        '/healthz (info)',
        'CPU srv/bench/other %',
      ],
      results.map((r) => [
        r.name,
        r.path,
        r.load ? fixed(r.load.reqPerSec, 0) : 'n/a',
        r.load?.latencyP50Ms ?? '-',
        r.load?.latencyP99Ms ?? '-',
        r.load ? fixed(r.load.latencyAvgMs, 2) : '-',
        r.load?.requests ?? '-',
        r.load ? r.load.non2xx + r.load.errors : '-',
        r.load?.rss ? `${fixed(r.load.rss.startMB, 0)} > ${fixed(r.load.rss.endMB, 0)}` : '-',
        r.load?.rss ? fixed(r.load.rss.maxMB) : '-',
        r.baseline ? 'baseline' : r.ratio !== undefined ? `${fixed(r.ratio * 100)} %` : '-',
        r.load?.cpu?.serverMsPerRequest !== undefined ? fixed(r.load.cpu.serverMsPerRequest, 2) : '-',
        r.baseline ? 'baseline' : r.cpuRatio !== undefined ? `${fixed(r.cpuRatio * 100)} %` : '-',
        r.info ? 'info' : r.ratioToInfo !== undefined ? `${fixed(r.ratioToInfo * 100)} %` : '-',
        r.load?.cpu ? [r.load.cpu.serverPct, r.load.cpu.benchPct, r.load.cpu.otherPct].map((v) => fixed(v, 0)).join(' / ') : '-',
      ]),
      [false, false, true, true, true, true, true, true, true, true, true, true, true, true, true],
    ),
  )
  // The server is one busy thread: it is disturbed when it could not get (nearly) a whole core.
  const busy = results.filter((r) => r.load?.cpu && r.load.cpu.otherPct > 25 && r.load.cpu.serverPct < 90)
  if (busy.length > 0) {
    console.warn(
      `(!) during ${busy.map((r) => r.name).join(', ')} the server got less than 90 % of a core while other ` +
        `processes used CPU: req/s and latencies are disturbed (the CPU ms/req ratios much less); rerun on a quiet machine.`,
    )
  }
}

function printClientJs(report: ClientJsReport) {
  section(`Client JS of ${new URL(report.page).pathname}`)
  const rows = [...report.files].sort((a, b) => b.gzipBytes - a.gzipBytes).map((f) => [f.path, kB(f.rawBytes), kB(f.gzipBytes), f.via])
  rows.push(['total', kB(report.totalRawBytes), kB(report.totalGzipBytes), `${report.files.length} files`])
  console.info(table(['file', 'raw kB', 'gzip kB', 'loaded via'], rows, [false, true, true, false]))
  if (report.dynamicImports.length > 0) {
    const list = report.dynamicImports.map((d) => `${d.path.replace('/assets/', '')} ${kB(d.gzipBytes)}`).join(', ')
    console.info(`not counted, dynamic import() targets (kB gzip each): ${list}`)
  }
}

function orUsage<T>(parse: () => T): T {
  try {
    return parse()
  } catch (error) {
    console.error(
      `${
        (error as Error).message
      }\nusage: npm run bench -- [--no-build] [--duration s] [--warmup s] [--connections n] [--port n] [--only a,b] [--compressed] [--node-args="..."] [--tsx] [--entry build/server.js] [--bulk-size n] [--database-url postgres://…/name_bench] [--lighthouse] [--lighthouse-runs n]`,
    )
    process.exit(1)
  }
}

function positive(name: 'duration' | 'connections' | 'bulk-size' | 'lighthouse-runs'): number {
  const n = Number(args[name])
  if (!Number.isFinite(n) || n <= 0) {
    console.error(`--${name} must be a positive number`)
    process.exit(1)
  }
  return n
}

function gitCommit(): string | undefined {
  try {
    return execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: ROOT, encoding: 'utf8' }).trim()
  } catch {
    return undefined
  }
}

main()
  .then((code) => {
    process.exitCode = code
  })
  .catch(async (error) => {
    console.error(`\nbenchmark could not run: ${(error as Error).message}`)
    await stopAll()
    process.exitCode = 1
  })
