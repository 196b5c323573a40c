/**
 * Elements per page (issue 25 target 1): how many elements each page's server-rendered HTML
 * holds, outside scripts, at the list's default page size with the large seeded organization.
 * Lighthouse warns above 800 DOM elements and fails above 1,400; every page must stay at or under
 * MAX_ELEMENTS.
 *
 * Run by `npm run bench` (step `elements`), or alone:
 *   npm run bench:elements                 # build, fresh seeded data/bench.db, every page
 *   npm run bench:elements -- --no-build   # reuse build/
 *   npm run bench:elements -- --no-build --no-seed   # reuse build/ and data/bench.db as it is
 *   npm run bench:elements -- --save       # also write each page to bench/results/elements/<page>.html
 */
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { pathToFileURL } from 'node:url'
import { resolveCookie, signInCookie, type CookieSource } from './auth'
import { ADMIN, BENCH_DATABASE_URL, benchData, freshDatabase, seedFeedAlerts, type BenchData } from './database'
import { GROUPS_USER } from './groups-seed'
import { section, table } from './report'
import { resolvePath } from './scenarios'
import { freePort, prepareRun, ROOT, startScriptNodeFlags, startServer } from './server'

/** Lighthouse's warning limit for the DOM size: the target of issue 25. */
export const MAX_ELEMENTS = 800

export interface ElementsPage {
  name: string
  path: string
  cookie?: CookieSource
}

const admin = signInCookie(ADMIN.email, ADMIN.password)
const groupsUser = signInCookie(GROUPS_USER.email, GROUPS_USER.password)

/** Every screen of the app with its heaviest seeded data, as the user who sees the most of it. */
export const elementsPages: ElementsPage[] = [
  { name: 'signin', path: '/signin' },
  { name: 'signed-in', path: '/dev/signed-in', cookie: admin },
  { name: 'feed', path: '/', cookie: admin },
  { name: 'org home', path: '/organizations/{largeOrg}', cookie: admin },
  { name: 'members', path: '/organizations/{largeOrg}/members', cookie: admin },
  { name: 'org groups', path: '/organizations/{largeOrg}/groups', cookie: admin },
  { name: 'group-creators', path: '/organizations/{largeOrg}/group-creators', cookie: admin },
  { name: 'profile', path: '/users/{admin}', cookie: admin },
  { name: 'preferences account', path: '/users/{admin}/preferences/account', cookie: admin },
  { name: 'preferences security', path: '/users/{admin}/preferences/security', cookie: admin },
  { name: 'preferences notifications', path: '/users/{admin}/preferences/notifications', cookie: admin },
  { name: 'library', path: '/library', cookie: admin },
  { name: 'library search', path: '/library?q=skolstart', cookie: admin },
  { name: 'package view 500', path: '/library/packages/view/{largePackage}', cookie: admin },
  { name: 'package editor step 3', path: '/library/packages/edit/3/{largePackage}', cookie: admin },
  { name: '/groups (admin)', path: '/groups', cookie: admin },
  { name: '/groups (groups user)', path: '/groups', cookie: groupsUser },
  { name: 'group home 500', path: '/groups/{bigGroup}/home', cookie: groupsUser },
  // Issue 34: the 500-member group with 30,000 loops, as the admin (who sees every loop).
  { name: 'loops 30,000', path: '/groups/{workGroup}/loops', cookie: admin },
  { name: 'task loops', path: '/groups/{workGroup}/loops?task={workTask}', cookie: admin },
  { name: 'member loops', path: '/groups/{workGroup}/loops?member={workMember}', cookie: admin },
  { name: 'group tasks 60', path: '/groups/{workGroup}/tasks', cookie: admin },
  { name: 'loop form', path: '/groups/{workGroup}/loops/new?task={workTask}', cookie: admin },
  { name: 'group insight 500', path: '/groups/{workGroup}/insight', cookie: admin },
]

/**
 * The elements of an HTML document outside scripts: every start tag, not counting what a
 * <script>, <style> or comment holds (the script and style elements themselves count, as in
 * Lighthouse's DOM size).
 */
export function countElements(html: string): number {
  const stripped = html
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/<script\b[\s\S]*?<\/script\s*>/gi, '<script>')
    .replace(/<style\b[\s\S]*?<\/style\s*>/gi, '<style>')
  return (stripped.match(/<[a-zA-Z][^\s/>]*/g) ?? []).length
}

export interface ElementsRow {
  name: string
  path: string
  status: number
  elements: number
  pass: boolean
}

/** Loads each page once (after one warm-up request) and counts its elements. */
export async function measureElements(baseUrl: string, data: BenchData, pages = elementsPages, saveDir?: string): Promise<ElementsRow[]> {
  if (saveDir) mkdirSync(saveDir, { recursive: true })
  const rows: ElementsRow[] = []
  for (const page of pages) {
    const cookie = await resolveCookie(page.cookie, baseUrl)
    const url = `${baseUrl}${resolvePath(page.path, data)}`
    const res = await fetch(url, { headers: cookie ? { Cookie: cookie } : {}, redirect: 'manual' })
    const html = await res.text()
    const elements = countElements(html)
    if (saveDir) writeFileSync(join(saveDir, `${page.name.replace(/[^a-z0-9]+/gi, '-')}.html`), html)
    rows.push({ name: page.name, path: page.path, status: res.status, elements, pass: res.status === 200 && elements <= MAX_ELEMENTS })
  }
  return rows
}

export function printElements(rows: ElementsRow[]) {
  console.info(
    table(
      ['page', 'path', 'status', 'elements', `<= ${MAX_ELEMENTS}`],
      rows.map((r) => [r.name, r.path, r.status, r.elements, r.pass ? 'PASS' : 'FAIL']),
      [false, false, true, true, false],
    ),
  )
}

/** `npm run bench:elements`: the element counts alone (build, seed, server, pages). */
async function main() {
  const { values: args } = parseArgs({
    options: {
      'no-build': { type: 'boolean', default: false },
      'no-seed': { type: 'boolean', default: false },
      port: { type: 'string', default: '3310' },
      'database-url': { type: 'string' },
      save: { type: 'boolean', default: false },
    },
  })
  await prepareRun({ build: !args['no-build'] })
  let databaseUrl = args['database-url'] ?? BENCH_DATABASE_URL
  if (!args['no-seed']) {
    section('Fresh database: npm run db:seed -- --large')
    databaseUrl = await freshDatabase(args['database-url'])
  }
  const data = await benchData()
  if (!args['no-seed']) await seedFeedAlerts(data.adminId)
  const server = await startServer({
    port: await freePort(Number(args.port)),
    databaseUrl,
    logFile: join(ROOT, 'bench', 'results', 'elements-server.log'),
    nodeArgs: startScriptNodeFlags().flags,
  })
  try {
    section(`Elements per page (server-rendered HTML outside scripts), at most ${MAX_ELEMENTS}`)
    const saveDir = args.save ? join(ROOT, 'bench', 'results', 'elements') : undefined
    const rows = await measureElements(server.baseUrl, data, elementsPages, saveDir)
    if (saveDir) console.info(`pages written to ${saveDir.slice(ROOT.length + 1)}/`)
    printElements(rows)
    return rows.every((r) => r.status === 200) ? 0 : 1
  } finally {
    await server.stop()
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().then(
    (code) => process.exit(code),
    (error) => {
      console.error(error)
      process.exit(1)
    },
  )
}
