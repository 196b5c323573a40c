import type { ServerBuild } from '@remix-run/node'
import type { AgnosticRouteObject } from '@remix-run/router'
import type { NextFunction, Request, Response } from 'express'
import { createHash, timingSafeEqual } from 'node:crypto'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import { createRequire } from 'node:module'
import type { AddressInfo } from 'node:net'
import { performance } from 'node:perf_hooks'
import { collectDefaultMetrics, Counter, Gauge, Histogram, register, type Registry } from 'prom-client'
import type { ShedReason } from './admission'

/**
 * Prometheus metrics of the server (docs/operations.md#metrics): requests by route pattern,
 * method and status with their duration, the admission gate, the event loop and the process
 * (prom-client's defaults: heap, RSS, GC, event loop delay). The app's own (sign-in, database,
 * outbox) are in app/metrics.server.ts; all are in prom-client's default registry.
 */

// The server's copy of the router (CommonJS, patched: it ranks a route tree once and keeps recent matches).
const { matchRoutes } = createRequire(import.meta.url)('@remix-run/router') as typeof import('@remix-run/router')

type Routes = ServerBuild['routes']
type RouteNode = AgnosticRouteObject & { id: string; children?: RouteNode[] }

/**
 * The route pattern of a path, from the build's routes (`/organizations/:orgId/members`): never
 * the path itself, so ids do not make new series. Single-fetch data requests (`….data`) get the
 * suffix, `/_root.data` is the index's. `null` when no route matches.
 */
export function routePatterns(routes: Routes) {
  const byParent = new Map<string | undefined, Routes[string][]>()
  for (const route of Object.values(routes)) {
    if (!route) continue
    byParent.set(route.parentId, [...(byParent.get(route.parentId) ?? []), route])
  }
  const tree = (parentId: string | undefined): RouteNode[] =>
    (byParent.get(parentId) ?? []).map((r) => {
      const children = tree(r.id)
      return (
        r.index ? { id: r.id, path: r.path, index: true } : { id: r.id, path: r.path, caseSensitive: r.caseSensitive, children }
      ) as RouteNode
    })
  const roots = tree(undefined)
  const patterns = new Map<string, string>()
  return (path: string): string | null => {
    const data = path.endsWith('.data')
    const pathname = data ? (path === '/_root.data' ? '/' : path.slice(0, -'.data'.length)) : path
    const matches = matchRoutes(roots, pathname)
    if (!matches) return null
    const last = matches[matches.length - 1].route.id
    let pattern = patterns.get(last)
    if (pattern === undefined) {
      const joined = matches
        .map((m) => m.route.path ?? '')
        .filter(Boolean)
        .join('/')
      pattern = `/${joined}`.replace(/\/+/g, '/')
      patterns.set(last, pattern)
    }
    return data ? (pattern === '/' ? '/_root.data' : `${pattern}.data`) : pattern
  }
}

const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'])

/** Bucket bounds of the request duration (seconds): pages take 5-100 ms, the gate sheds after 3 s. */
export const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10]

/**
 * Times every request from here to the end of its response (or its connection's close), as
 * `http_request_duration_seconds{route,method,status}`. `route` is the pattern `routeOf` gives,
 * `other` when nothing matches. Mounted after the static files: pages and API calls are counted.
 */
export function requestMetrics(opts: { routeOf: (path: string) => string | null; registry?: Registry }) {
  const registers = [opts.registry ?? register]
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from a request to the end of its response, by route pattern, method and status.',
    labelNames: ['route', 'method', 'status'] as const,
    buckets: DURATION_BUCKETS,
    registers,
  })
  return (req: Request, res: Response, next: NextFunction) => {
    const start = performance.now()
    let done = false
    const record = () => {
      if (done) return
      done = true
      const route = opts.routeOf(req.path) ?? 'other'
      const method = METHODS.has(req.method) ? req.method : 'other'
      // A response cut before it was sent (the client went away) has no status: 499, as nginx says.
      const status = res.headersSent ? String(res.statusCode) : '499'
      duration.observe({ route, method, status }, (performance.now() - start) / 1000)
    }
    res.once('finish', record)
    res.once('close', record)
    next()
  }
}

/** The admission gate's gauges (read at each scrape) and its refusals, by reason. */
export function admissionMetrics(stats: () => { inProgress: number; waiting: number }, registry: Registry = register) {
  const registers = [registry]
  new Gauge({
    name: 'http_requests_in_progress',
    help: 'Pages and API calls being handled (at most MAX_REQUESTS_IN_PROGRESS).',
    registers,
    collect() {
      this.set(stats().inProgress)
    },
  })
  new Gauge({
    name: 'http_requests_queued',
    help: 'Requests waiting for a place (at most MAX_REQUESTS_QUEUED).',
    registers,
    collect() {
      this.set(stats().waiting)
    },
  })
  const shed = new Counter({
    name: 'http_requests_shed_total',
    help: 'Requests answered 503 by the admission gate, by reason (queue-full, waited-too-long, event-loop-delay).',
    labelNames: ['reason'] as const,
    registers,
  })
  return { shed: (reason: ShedReason) => shed.inc({ reason }) }
}

/**
 * The process: prom-client's defaults (CPU, RSS, heap by space, GC, event loop delay percentiles,
 * handles) and the event loop's busy and idle time, whose rates give its utilisation.
 */
export function processMetrics(registry: Registry = register) {
  collectDefaultMetrics({ register: registry })
  const registers = [registry]
  new Counter({
    name: 'nodejs_eventloop_active_seconds_total',
    help: 'Time the event loop spent running code (utilisation = rate of this / (rate of this + rate of idle)).',
    registers,
    collect() {
      this.reset()
      this.inc(performance.eventLoopUtilization().active / 1000)
    },
  })
  new Counter({
    name: 'nodejs_eventloop_idle_seconds_total',
    help: 'Time the event loop spent waiting for events.',
    registers,
    collect() {
      this.reset()
      this.inc(performance.eventLoopUtilization().idle / 1000)
    },
  })
}

/** True when the request carries `Authorization: Bearer <token>` (compared in constant time). */
export function hasBearer(authorization: string | undefined, token: string) {
  const given = /^Bearer (.+)$/i.exec(authorization ?? '')?.[1]
  if (!given) return false
  const digest = (s: string) => createHash('sha256').update(s).digest()
  return timingSafeEqual(digest(given), digest(token))
}

/**
 * Answers a scrape: GET or HEAD, with the bearer token when one is set (401 without it, so the
 * metrics are never public by mistake).
 */
export async function answerScrape(req: IncomingMessage, res: ServerResponse, opts: { token?: string; registry?: Registry }) {
  const registry = opts.registry ?? register
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    res.writeHead(405, { Allow: 'GET, HEAD', 'Content-Type': 'text/plain' }).end('Method Not Allowed\n')
    return
  }
  if (opts.token !== undefined && !hasBearer(req.headers.authorization, opts.token)) {
    res
      .writeHead(401, { 'WWW-Authenticate': 'Bearer realm="metrics"', 'Content-Type': 'text/plain', 'Cache-Control': 'no-store' })
      .end('Unauthorized\n')
    return
  }
  try {
    const body = await registry.metrics()
    res.writeHead(200, { 'Content-Type': registry.contentType, 'Cache-Control': 'no-store' })
    res.end(req.method === 'HEAD' ? undefined : body)
  } catch (error) {
    console.warn(`metrics: a scrape failed (${(error as Error).message})`)
    res.writeHead(500, { 'Content-Type': 'text/plain' }).end('Internal Server Error\n')
  }
}

/** The metrics' own listener (METRICS_PORT on METRICS_HOST): /metrics, and 404 for anything else. */
export function metricsServer(opts: { port: number; host: string; token?: string; registry?: Registry }): Server {
  const server = createServer((req, res) => {
    if (req.url?.split('?')[0] !== '/metrics') {
      res.writeHead(404, { 'Content-Type': 'text/plain' }).end('Not Found\n')
      return
    }
    void answerScrape(req, res, opts)
  })
  server.listen(opts.port, opts.host, () => {
    const { port } = server.address() as AddressInfo
    console.info(`Metrics on http://${opts.host.includes(':') ? `[${opts.host}]` : opts.host}:${port}/metrics`)
  })
  return server
}
