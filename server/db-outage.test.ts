import { createRequestHandler, type ServerBuild } from '@remix-run/node'
import { randomBytes } from 'node:crypto'
import pg from 'pg'
import { createServer, type ViteDevServer } from 'vite'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { dialectOf } from '~/db/db.server'
import { startTcpProxy } from '../tests/support/tcp-proxy'
import { createUser, sessionCookieFor } from '../tests/support/factories'

/** What the app's entry module offers the server (server/index.ts). */
interface AppEntry {
  answerOutages(build: ServerBuild): ServerBuild
  createLoadContext: typeof import('~/load-context.server').createLoadContext
  shutdown(): Promise<void>
}

/**
 * The app under a lost PostgreSQL (docs/operations.md, database outages), through the real request handler of the
 * app's server build (Remix, every route, entry.server.tsx) with the wrapper the server applies
 * (answerOutages): its pool reaches PostgreSQL through a TCP proxy that the test stops and starts
 * (a restart, a lost network), and its backends, named by an application_name of their own, are
 * terminated from a second connection (never anyone else's).
 */
describe.runIf(dialectOf(process.env.DATABASE_URL) === 'postgres')('a lost PostgreSQL', () => {
  const direct = new URL(process.env.DATABASE_URL!)
  const appName = `db_outage_${randomBytes(4).toString('hex')}`
  let proxy: Awaited<ReturnType<typeof startTcpProxy>>
  let vite: ViteDevServer
  let build: ServerBuild & { entry: { module: AppEntry } }
  let handle: ReturnType<typeof createRequestHandler>
  let admin: pg.Client
  let cookie: string
  const uncaught: unknown[] = []
  const onUncaught = (error: unknown) => uncaught.push(error)

  beforeAll(async () => {
    process.on('uncaughtException', onUncaught)
    proxy = await startTcpProxy({ host: direct.hostname, port: Number(direct.port || 5432) })
    const proxied = new URL(direct)
    proxied.hostname = '127.0.0.1'
    proxied.port = String(proxy.port)
    proxied.searchParams.set('application_name', appName)
    // Read when the app (both the build's modules and this file's factories) first opens its database.
    process.env.DATABASE_URL = proxied.toString()
    admin = new pg.Client({ connectionString: direct.toString() })
    await admin.connect()

    vite = await createServer({ server: { middlewareMode: true, hmr: false }, appType: 'custom', logLevel: 'silent' })
    build = (await vite.ssrLoadModule('virtual:remix/server-build')) as typeof build
    const served = build.entry.module.answerOutages(build)
    handle = createRequestHandler(served, 'production')
    cookie = await sessionCookieFor(await createUser({ name: 'Outage Olle' }))
  })

  afterAll(async () => {
    await proxy?.start().catch(() => {})
    await build?.entry.module.shutdown()
    await vite?.close()
    await admin?.end()
    process.off('uncaughtException', onUncaught)
  })

  afterEach(() => {
    expect(uncaught).toEqual([])
  })

  /** A GET through the handler, with the load context the server makes for each request. */
  const get = (path: string, headers: Record<string, string> = {}) =>
    handle(
      new Request(`http://localhost${path}`, { headers: { cookie, ...headers } }),
      build.entry.module.createLoadContext({ cspNonce: 'test', clientIp: '127.0.0.1', cookie, method: 'GET' }),
    )

  it('outlives terminated backends: no unhandled error, and the next request succeeds', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    // Two connections at once, so one is idle in the pool and one is checked out when terminated.
    const [me, orgs] = await Promise.all([get('/api/users/me'), get('/api/v3/organizations')])
    expect([me.status, orgs.status]).toEqual([200, 200])

    const { rowCount } = await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1', [appName])
    expect(rowCount).toBeGreaterThan(0)
    // pg reports the lost connections asynchronously: wait until the app has heard of them.
    const lost = () => warn.mock.calls.filter(([message]) => String(message).startsWith('database: connection lost')).length
    await vi.waitFor(() => expect(lost()).toBe(rowCount))

    const again = await get('/api/users/me')
    expect([again.status, await again.json()]).toMatchObject([200, { name: 'Outage Olle' }])
    warn.mockRestore()
  })

  it('answers 503 with Retry-After while PostgreSQL is unreachable, and recovers by itself', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    const before = await get('/healthz?ready=1')
    expect([before.status, await before.json()]).toEqual([200, { status: 'ok', database: 'up' }])
    await proxy.stop()

    // API: in the catalogue's shape, whether the route answers through apiCall or not.
    for (const path of ['/api/users/me', '/api/v3/organizations']) {
      const answer = await get(path)
      expect([path, answer.status, answer.headers.get('Retry-After'), await answer.json()]).toEqual([
        path,
        503,
        '5',
        { message: 'SERVICE_UNAVAILABLE' },
      ])
    }
    // A page: the translated error screen with status 503, in the reader's language.
    const page = await get('/', { 'Accept-Language': 'en' })
    expect([page.status, page.headers.get('Retry-After')]).toEqual([503, '5'])
    const html = await page.text()
    expect(html).toContain('Temporarily unavailable')
    expect(html).not.toContain('Something went wrong')
    expect(await (await get('/', { 'Accept-Language': 'sv' })).text()).toContain('Tillfälligt otillgänglig')
    // A navigation with JavaScript (a single-fetch data request).
    const data = await get('/_root.data')
    expect([data.status, data.headers.get('Retry-After')]).toEqual([503, '5'])
    // Liveness stays up (restarting the process would not help); readiness says why not.
    const live = await get('/healthz')
    expect([live.status, await live.text()]).toEqual([200, 'ok'])
    const ready = await get('/healthz?ready=1')
    expect([ready.status, ready.headers.get('Retry-After'), await ready.json()]).toEqual([
      503,
      '5',
      { message: 'SERVICE_UNAVAILABLE', database: 'down' },
    ])

    await proxy.start()
    expect((await get('/healthz?ready=1')).status).toBe(200)
    const me = await get('/api/users/me')
    expect([me.status, (await me.json()).name]).toEqual([200, 'Outage Olle'])
    const home = await get('/', { 'Accept-Language': 'en' })
    expect(home.status).toBe(200)
    warn.mockRestore()
  })
})
