import type { ServerBuild } from '@remix-run/node'
import express from 'express'
import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { Registry } from 'prom-client'
import { afterEach, describe, expect, it } from 'vitest'
import { httpGet, listen } from '../tests/support/http'
import { admissionGate } from './admission'
import { admissionMetrics, answerScrape, hasBearer, metricsServer, requestMetrics, routePatterns } from './metrics'

let servers: Server[] = []
afterEach(() => {
  for (const server of servers) {
    server.closeAllConnections()
    server.close()
  }
  servers = []
})

/** The shape of a Remix build's routes (ServerBuild['routes']), without modules. */
function buildRoutes(): ServerBuild['routes'] {
  const route = (id: string, parentId: string | undefined, path?: string, index?: boolean) =>
    ({ id, parentId, path, index, module: {} }) as ServerBuild['routes'][string]
  return {
    root: route('root', undefined, ''),
    'routes/home': route('routes/home', 'root', undefined, true),
    'routes/org': route('routes/org', 'root', 'organizations/:orgId'),
    'routes/org/index': route('routes/org/index', 'routes/org', undefined, true),
    'routes/members': route('routes/members', 'routes/org', 'members'),
    'routes/api/members': route('routes/api/members', 'root', 'api/organizations/:orgId/members/:memberId'),
    'routes/healthz': route('routes/healthz', 'root', 'healthz'),
    'routes/404': route('routes/404', 'root', '*'),
  }
}

const seriesOf = async (registry: Registry, name: string) => (await registry.getSingleMetric(name)!.get()).values

describe('route patterns', () => {
  it('names a path by its route pattern, never by its ids', () => {
    const patternOf = routePatterns(buildRoutes())
    expect(patternOf('/organizations/0190a1b2/members')).toBe('/organizations/:orgId/members')
    expect(patternOf('/organizations/0190ffff/members')).toBe('/organizations/:orgId/members')
    expect(patternOf('/organizations/0190a1b2')).toBe('/organizations/:orgId')
    expect(patternOf('/api/organizations/a/members/b')).toBe('/api/organizations/:orgId/members/:memberId')
    expect(patternOf('/')).toBe('/')
    expect(patternOf('/healthz')).toBe('/healthz')
    expect(patternOf('/no/such/page/123')).toBe('/*')
  })

  it('gives single-fetch data requests their route with .data', () => {
    const patternOf = routePatterns(buildRoutes())
    expect(patternOf('/organizations/0190a1b2/members.data')).toBe('/organizations/:orgId/members.data')
    expect(patternOf('/_root.data')).toBe('/_root.data')
  })
})

describe('request metrics', () => {
  async function app(registry: Registry) {
    const app = express()
    app.use(requestMetrics({ routeOf: routePatterns(buildRoutes()), registry }))
    app.get('/organizations/:orgId/members', (_req, res) => void res.send('members'))
    app.post('/organizations/:orgId/members', (_req, res) => void res.status(303).location('/').end())
    app.use((_req, res) => void res.status(404).send('not found'))
    const { server, base } = await listen(app)
    servers.push(server)
    return base
  }

  it('counts a request under its route pattern, method and status, with its duration', async () => {
    const registry = new Registry()
    const base = await app(registry)
    await httpGet(`${base}/organizations/aaa/members`)
    await httpGet(`${base}/organizations/bbb/members`)
    await fetch(`${base}/organizations/ccc/members`, { method: 'POST', redirect: 'manual' })
    await httpGet(`${base}/no/such/page`)

    const counts = (await seriesOf(registry, 'http_request_duration_seconds'))
      .filter((v) => (v as { metricName?: string }).metricName === 'http_request_duration_seconds_count')
      .map((v) => ({ ...v.labels, count: v.value }))
    expect(counts).toEqual(
      expect.arrayContaining([
        { route: '/organizations/:orgId/members', method: 'GET', status: '200', count: 2 },
        { route: '/organizations/:orgId/members', method: 'POST', status: '303', count: 1 },
        { route: '/*', method: 'GET', status: '404', count: 1 },
      ]),
    )
    expect(counts).toHaveLength(3)
    const text = await registry.metrics()
    expect(text).not.toMatch(/aaa|bbb|ccc/)
    expect(text).toContain(
      'http_request_duration_seconds_bucket{le="10",route="/organizations/:orgId/members",method="GET",status="200"} 2',
    )
  })

  it("counts the admission gate's refusals by reason and reads its gauges when scraped", async () => {
    const registry = new Registry()
    const gate = admissionGate({ concurrency: 1, queueSize: 0, maxWaitMs: 1000 })
    const metrics = admissionMetrics(() => gate.stats(), registry)
    metrics.shed('queue-full')
    metrics.shed('queue-full')
    const text = await registry.metrics()
    expect(text).toContain('http_requests_shed_total{reason="queue-full"} 2')
    expect(text).toContain('http_requests_in_progress 0')
    expect(text).toContain('http_requests_queued 0')
  })
})

describe('serving the metrics', () => {
  const TOKEN = 'a-metrics-token-of-at-least-32-characters'

  it('refuses /metrics without the bearer token, or with another', async () => {
    const registry = new Registry()
    const app = express()
    app.get('/metrics', (req, res) => void answerScrape(req, res, { token: TOKEN, registry }))
    const { server, base } = await listen(app)
    servers.push(server)

    const none = await httpGet(`${base}/metrics`)
    expect(none.status).toBe(401)
    expect(none.headers['www-authenticate']).toMatch(/^Bearer/)
    expect(none.body).not.toContain('# HELP')
    expect((await httpGet(`${base}/metrics`, { headers: { Authorization: `Bearer ${TOKEN}x` } })).status).toBe(401)
    expect((await httpGet(`${base}/metrics`, { headers: { Authorization: TOKEN } })).status).toBe(401)

    const ok = await httpGet(`${base}/metrics`, { headers: { Authorization: `Bearer ${TOKEN}` } })
    expect(ok.status).toBe(200)
    expect(ok.headers['content-type']).toContain('text/plain; version=0.0.4')
  })

  it('serves only /metrics on its own port, with the token when one is set', async () => {
    const registry = new Registry()
    const open = metricsServer({ port: 0, host: '127.0.0.1', registry })
    const guarded = metricsServer({ port: 0, host: '127.0.0.1', registry, token: TOKEN })
    servers.push(open, guarded)
    await Promise.all([open, guarded].map((s) => new Promise((resolve) => (s.listening ? resolve(null) : s.once('listening', resolve)))))
    const url = (s: Server, path: string) => `http://127.0.0.1:${(s.address() as AddressInfo).port}${path}`
    expect((await httpGet(url(open, '/metrics'))).status).toBe(200)
    expect((await httpGet(url(open, '/'))).status).toBe(404)
    expect((await httpGet(url(guarded, '/metrics'))).status).toBe(401)
    expect((await httpGet(url(guarded, '/metrics'), { headers: { Authorization: `Bearer ${TOKEN}` } })).status).toBe(200)
  })

  it('compares the token whole', () => {
    expect(hasBearer(`Bearer ${TOKEN}`, TOKEN)).toBe(true)
    expect(hasBearer(`bearer ${TOKEN}`, TOKEN)).toBe(true)
    expect(hasBearer(`Bearer ${TOKEN.slice(1)}`, TOKEN)).toBe(false)
    expect(hasBearer(undefined, TOKEN)).toBe(false)
    expect(hasBearer('Basic abc', TOKEN)).toBe(false)
  })
})
