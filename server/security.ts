import type { NextFunction, Request, Response } from 'express'
import helmet from 'helmet'
import { randomBytes } from 'node:crypto'
import { statusOf } from '../app/errors'
import { providerOrigins } from '../app/auth/sso/config.server'
import { PAGE_METHODS } from '../app/utils/request-rules'
import { publicHost } from './proxy'

/** A fresh CSP nonce per response, for the inline scripts Remix renders. */
export function cspNonce(_req: Request, res: Response, next: NextFunction) {
  res.locals.cspNonce = randomBytes(16).toString('base64')
  next()
}

/** Security headers on every response: CSP with nonces, no framing, no sniffing, HSTS on https. */
export function securityHeaders({ https, dev }: { https: boolean; dev: boolean }) {
  return helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        'default-src': ["'self'"],
        'script-src': ["'self'", (_req, res) => `'nonce-${(res as Response).locals.cspNonce}'`, "'strict-dynamic'"],
        'style-src': ["'self'", "'unsafe-inline'"],
        'img-src': ["'self'", 'data:', 'https:'],
        'font-src': ["'self'", 'data:'],
        'connect-src': dev ? ["'self'", 'ws:', 'wss:'] : ["'self'"],
        'form-action': ["'self'", ...providerOrigins()],
        'frame-ancestors': ["'none'"],
        'base-uri': ["'self'"],
        'object-src': ["'none'"],
        ...(https ? { 'upgrade-insecure-requests': [] } : {}),
      },
    },
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    xFrameOptions: { action: 'deny' },
  })
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])

/**
 * Every non-GET request must come from our own origin: a browser always sends Origin on such
 * requests, so a foreign (or "null") Origin, or Sec-Fetch-Site cross-site, is refused with 403.
 * Our own origin is APP_URL, or the request's protocol and host as a trusted proxy (TRUST_PROXY)
 * or the socket tell them. Requests without Origin (non-browser API clients, which carry no
 * ambient cookies) pass.
 *
 * This is the app's one Origin check. Remix repeats a narrower one on form posts (Origin's host
 * against X-Forwarded-Host or Host) and throws, a 500, when a proxy rewrote Host: so a request
 * with APP_URL's Origin goes on with APP_URL's host as its Host.
 */
export function originCheck(appOrigin: string) {
  const appHost = new URL(appOrigin).host
  return (req: Request, res: Response, next: NextFunction) => {
    if (SAFE_METHODS.has(req.method)) return next()
    const origin = req.get('origin')
    const host = publicHost(req)
    const site = req.get('sec-fetch-site')
    const foreignOrigin = origin !== undefined && origin !== appOrigin && origin !== `${req.protocol}://${host}`
    if (foreignOrigin || site === 'cross-site') {
      res.status(403).json({ message: 'FORBIDDEN' })
      return
    }
    if (origin === appOrigin && host !== appHost) {
      req.headers.host = appHost
      delete req.headers['x-forwarded-host']
    }
    next()
  }
}

const PAGE_METHOD_SET = new Set(PAGE_METHODS.split(', '))
/** The SCIM endpoint (docs/directory-sync.md) declares its own methods too (PUT, PATCH, DELETE). */
const SCIM_PREFIX = '/scim/v2/'

/**
 * Pages answer GET, HEAD and POST only: any other method is 405 with Allow, in the catalogue's
 * shape (Remix would answer a page's error screen without Allow). Paths under `apiPrefix` and
 * /scim/v2/ are left to their routes, which declare their own methods.
 */
export function pageMethods(apiPrefix = '/api/') {
  return (req: Request, res: Response, next: NextFunction) => {
    if (PAGE_METHOD_SET.has(req.method) || req.path.startsWith(apiPrefix) || req.path.startsWith(SCIM_PREFIX)) return next()
    res.set('Allow', PAGE_METHODS).status(statusOf('METHOD_NOT_ALLOWED')).json({ message: 'METHOD_NOT_ALLOWED' })
  }
}

/** How much of a refused body is read and dropped before the connection closes, at most. */
export const DRAIN_MAX_BYTES = 4_000_000
export const DRAIN_MAX_MS = 2_000
/**
 * The same for a browser's form sent back to its page (bodyLimit's `tooLarge`, the picture
 * upload): read to its end, since a browser shows a connection reset instead of the page when the
 * server closes while it is still sending (a 12 MB picture did); beyond these, it is reset anyway.
 */
export const PAGE_DRAIN_MAX_BYTES = 64 * 1024 * 1024
export const PAGE_DRAIN_MAX_MS = 30_000

/**
 * Reads the rest of a request's body and drops it. Unread bytes left in a keep-alive connection
 * stop the next request on it from being read (the client waits, then gets a reset); unread
 * bytes in a connection that closes make the kernel reset it, which can lose the answer before
 * the client reads it.
 */
function discardBody(req: Request) {
  req.removeAllListeners('data')
  req.resume()
}

/**
 * Refuses a request's body with the catalogue's answer and closes the connection cleanly: the
 * answer goes out once the client has sent the body (read and dropped), or after DRAIN_MAX_BYTES
 * or DRAIN_MAX_MS, whichever comes first, with `Connection: close`. With a `location` the answer
 * is a 303 to that page instead, after at most PAGE_DRAIN_MAX_BYTES or PAGE_DRAIN_MAX_MS.
 */
function refuseBody(req: Request, res: Response, code: 'LENGTH_REQUIRED' | 'PAYLOAD_TOO_LARGE', location: string | null = null) {
  const [maxBytes, maxMs] = location ? [PAGE_DRAIN_MAX_BYTES, PAGE_DRAIN_MAX_MS] : [DRAIN_MAX_BYTES, DRAIN_MAX_MS]
  let sent = false
  const send = () => {
    if (sent) return
    sent = true
    clearTimeout(timer)
    res.set('Connection', 'close')
    if (location) res.redirect(303, location)
    else res.status(statusOf(code)).json({ message: code })
  }
  const timer = setTimeout(send, maxMs).unref()
  let read = 0
  req.on('data', (chunk: Buffer) => {
    read += chunk.length
    if (read > maxBytes) send()
  })
  req.once('end', send)
  req.once('error', send)
  if (req.complete) send()
}

/**
 * Refuses bodies over the limit (`limit` bytes, or a function of the request: the API takes less)
 * before anything reads them: by Content-Length, and a body sent without one (chunked) is refused
 * outright (411): browsers always send a length with forms and fetch, so only a client trying to
 * get round the limit does that. Both answers close the connection (refuseBody).
 * A body the app answered without reading (a 401 before the form was read, a 405, a 415) is
 * read and dropped once the answer is sent, so the connection stays usable.
 * `tooLarge(req)` may name the page a browser's form goes back to instead of a bare 413 (a 303
 * redirect, e.g. the profile page with the picture's error beside its field); null keeps the 413.
 */
export function bodyLimit(limit: number | ((req: Request) => number), { tooLarge }: { tooLarge?: (req: Request) => string | null } = {}) {
  return (req: Request, res: Response, next: NextFunction) => {
    if (SAFE_METHODS.has(req.method)) return next()
    const length = req.get('content-length')
    if (length === undefined && req.get('transfer-encoding')) return refuseBody(req, res, 'LENGTH_REQUIRED')
    if (Number(length ?? 0) > (typeof limit === 'number' ? limit : limit(req)))
      return refuseBody(req, res, 'PAYLOAD_TOO_LARGE', tooLarge?.(req) ?? null)
    res.once('finish', () => {
      if (!req.complete) discardBody(req)
    })
    next()
  }
}

/**
 * A request id for every request (the caller's X-Request-Id when it looks like one, else a new
 * one), sent back in X-Request-Id and written with one log line per request when it finishes.
 */
export function requestLog({ log }: { log: boolean }) {
  return (req: Request, res: Response, next: NextFunction) => {
    const given = req.get('x-request-id')
    const id = given && /^[\w-]{8,64}$/.test(given) ? given : randomBytes(8).toString('hex')
    res.locals.requestId = id
    res.setHeader('X-Request-Id', id)
    if (log) {
      const started = process.hrtime.bigint()
      res.on('finish', () => {
        const ms = Number(process.hrtime.bigint() - started) / 1e6
        console.info(
          JSON.stringify({
            t: new Date().toISOString(),
            id,
            method: req.method,
            path: req.path,
            status: res.statusCode,
            ms: Math.round(ms * 10) / 10,
          }),
        )
      })
    }
    next()
  }
}
