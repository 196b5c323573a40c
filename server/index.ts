import { createRequestHandler } from '@remix-run/express'
import type { ServerBuild } from '@remix-run/node'
import compression from 'compression'
import express from 'express'
import { createServer } from 'node:http'
import { resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import zlib from 'node:zlib'
import { clientAddress, trustProxy } from './proxy'
import { admissionGate, eventLoopLag, shedLog } from './admission'
import { gracefulShutdown, shutdownOnSignals } from './lifecycle'
import { MAX_BODY_BYTES, MAX_JSON_BYTES } from '../app/utils/request-rules'
import { isPictureUploadPath, PICTURE_UPLOAD_MAX_BYTES, pictureTooLargeRedirect } from '../app/utils/picture-rules'
import { importTooLargeRedirect, isMemberImportPath, MEMBER_IMPORT_UPLOAD_MAX_BYTES } from '../app/utils/member-import-rules'
import { isLoopUploadPath, LOOP_UPLOAD_MAX_BYTES } from '../app/utils/loop-photo-rules'
import { bodyLimit, cspNonce, originCheck, pageMethods, requestLog, securityHeaders } from './security'
import { staticFiles } from './static'
import { scimErrorAnswers, scimErrorHandler } from './scim-answers'
import { admissionMetrics, answerScrape, metricsServer, processMetrics, requestMetrics, routePatterns } from './metrics'

// Configuration is validated before anything else: a bad value stops the start with a clear message.
const { parseEnv } = await import('../app/env.server')
let config
try {
  config = parseEnv(process.env)
} catch (error) {
  console.error((error as Error).message)
  process.exit(1)
}
// `--vite` (npm run dev) serves the sources through Vite with hot reload; otherwise the build.
// Which configuration applies (NODE_ENV) is a separate matter: the demo serves the build
// outside production, with the development mailbox.
const dev = process.argv.includes('--vite')

const viteDevServer = dev ? await import('vite').then((vite) => vite.createServer({ server: { middlewareMode: true } })) : undefined

async function loadBuild(): Promise<ServerBuild> {
  if (viteDevServer) return (await viteDevServer.ssrLoadModule('virtual:remix/server-build')) as ServerBuild
  // Resolved at run time: the same code runs from server/ (tsx) and bundled as build/server.js.
  return (await import(pathToFileURL(resolve('build/server/index.js')).href)) as ServerBuild
}

/** What the app's entry module (app/entry.server.tsx) offers the server besides rendering. */
interface AppEntry {
  startup: () => Promise<void>
  shutdown: () => Promise<void>
  /** Marks the app as shutting down (app/utils/shutdown-state.ts): /healthz answers 503. */
  beginShutdown: () => void
  createLoadContext: typeof import('../app/load-context.server').createLoadContext
  answerOutages: (build: ServerBuild) => ServerBuild
  /** The app's gauges read at each scrape (outbox, database pool): app/metrics-gauges.server.ts. */
  registerScrapeGauges: () => void
}
const entryOf = (b: ServerBuild) => b.entry.module as unknown as AppEntry

// Migrations run at start, through the app's own module so both share one database handle.
const build = await loadBuild()
await entryOf(build).startup()

const app = express()
app.disable('x-powered-by')
// Which peers may say who the client is (X-Forwarded-*): none unless TRUST_PROXY names them.
trustProxy(app, config.TRUST_PROXY)
app.use(requestLog({ log: config.NODE_ENV === 'production' || process.env.LOG_REQUESTS === '1' }))
// Under /scim/, the errors answered below before the SCIM route are SCIM errors too (server/scim-answers.ts).
app.use(scimErrorAnswers())
// Pages and API answers are compressed on the fly when larger than one packet, at a cheap level:
// Brotli 3 (~0.25 ms and 11 kB for the 73 kB members page, inside the first round trip), gzip 1
// for clients without Brotli. Static assets are compressed at build time (server/static.ts).
// COMPRESSION=0 leaves it to a reverse proxy (docs/operations.md).
if (config.COMPRESSION === '1') {
  app.use(compression({ threshold: 1400, level: 1, brotli: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 3 } } }))
}
app.use(cspNonce)
app.use(securityHeaders({ https: config.APP_URL.startsWith('https://'), dev }))
app.use(originCheck(new URL(config.APP_URL).origin))

if (viteDevServer) {
  app.use(viteDevServer.middlewares)
} else {
  app.use(staticFiles('build/client'))
}

// Prometheus metrics (docs/operations.md#metrics), only when they are served: on a listener of
// their own (METRICS_PORT) and/or at /metrics on this port behind a bearer token (METRICS_TOKEN).
const metricsOn = config.METRICS_PORT !== undefined || config.METRICS_TOKEN !== undefined
const metricsServed = metricsOn ? { token: config.METRICS_TOKEN } : undefined
if (metricsServed) {
  processMetrics()
  entryOf(build).registerScrapeGauges()
  if (config.METRICS_TOKEN !== undefined) app.get('/metrics', (req, res) => void answerScrape(req, res, metricsServed))
  app.use(requestMetrics({ routeOf: routePatterns(build.routes) }))
}

// Bodies larger than these are refused before Remix reads them: JSON for the API and SCIM, forms for pages,
// and the multipart routes: the profile picture upload (ADR 010), the member import's file and a loop's photos
// (the loop form, its edit form and the API's photo upload).
const bodyLimitOf = (path: string) =>
  isLoopUploadPath(path)
    ? LOOP_UPLOAD_MAX_BYTES
    : path.startsWith('/api/') || path.startsWith('/scim/')
      ? MAX_JSON_BYTES
      : isPictureUploadPath(path)
        ? PICTURE_UPLOAD_MAX_BYTES
        : isMemberImportPath(path)
          ? MEMBER_IMPORT_UPLOAD_MAX_BYTES
          : MAX_BODY_BYTES
// An upload over its limit goes back to its page with the error shown there.
app.use(
  bodyLimit((req) => bodyLimitOf(req.path), { tooLarge: (req) => pictureTooLargeRedirect(req.path) ?? importTooLargeRedirect(req.path) }),
)
app.use(pageMethods())

// Load shedding: a bounded number of pages and API calls at once and a bounded, short queue;
// beyond it a quick 503 with Retry-After instead of a time-out (docs/operations.md).
const shed = shedLog((line) => console.warn(line))
const shedMetrics = metricsServed ? admissionMetrics(() => gate.stats()) : undefined
const gate = admissionGate({
  concurrency: config.MAX_REQUESTS_IN_PROGRESS,
  queueSize: config.MAX_REQUESTS_QUEUED,
  maxWaitMs: config.MAX_QUEUE_WAIT_SECONDS * 1000,
  lagging: config.MAX_EVENT_LOOP_DELAY_MS > 0 ? eventLoopLag(config.MAX_EVENT_LOOP_DELAY_MS).lagging : undefined,
  exempt: (req) => req.path === '/healthz',
  onShed: (reason) => {
    shed.count(reason)
    shedMetrics?.shed(reason)
  },
})
app.use(gate)

app.all(
  '*',
  createRequestHandler({
    // An unreachable database answers 503 with Retry-After, not 500 (service-unavailable.server.ts).
    build: viteDevServer ? () => loadBuild().then((b) => entryOf(b).answerOutages(b)) : entryOf(build).answerOutages(build),
    // One context per request: the session is read once and shared by all its loaders.
    getLoadContext: async (req, res) =>
      entryOf(viteDevServer ? await loadBuild() : build).createLoadContext({
        cspNonce: res.locals.cspNonce as string,
        clientIp: clientAddress(req),
        cookie: req.headers.cookie ?? null,
        method: req.method,
        authorization: req.path.startsWith('/api/') ? (req.headers.authorization ?? null) : null,
        path: req.path,
      }),
  }),
)

// An error raised under /scim/ before the route answered: a SCIM error, not express's HTML page.
app.use(scimErrorHandler())

const server = createServer(app)
server.listen(config.PORT, config.HOST, () => {
  console.info(`Listening on http://${config.HOST === '0.0.0.0' ? 'localhost' : config.HOST}:${config.PORT} (${config.APP_URL})`)
})

const metricsListener =
  config.METRICS_PORT !== undefined
    ? metricsServer({ port: config.METRICS_PORT, host: config.METRICS_HOST, token: config.METRICS_TOKEN })
    : undefined

// Graceful shutdown on SIGTERM/SIGINT: requests in progress get SHUTDOWN_GRACE_SECONDS to finish.
const { shutdown } = gracefulShutdown(server, {
  graceMs: config.SHUTDOWN_GRACE_SECONDS * 1000,
  // The build's own copy of the flag, the one its routes read (not this file's import of app/).
  onStart: () => entryOf(build).beginShutdown(),
  onClose: async () => {
    shed.stop()
    metricsListener?.close()
    await viteDevServer?.close()
    await entryOf(build).shutdown()
  },
  exit: (code) => process.exit(code),
})
shutdownOnSignals(shutdown)
