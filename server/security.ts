import type { NextFunction, Request, Response } from 'express'
import helmet from 'helmet'
import { randomBytes } from 'node:crypto'
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
        'form-action': ["'self'"],
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

/**
 * Refuses bodies over `maxBytes` before anything reads them: by Content-Length, and a body sent
 * without one (chunked) is refused outright (411): browsers always send a length with forms and
 * fetch, so only a client trying to get round the limit does that.
 */
export function bodyLimit(maxBytes: number) {
  return (req: Request, res: Response, next: NextFunction) => {
    if (SAFE_METHODS.has(req.method)) return next()
    const length = req.get('content-length')
    if (length === undefined && req.get('transfer-encoding')) {
      res.status(411).json({ message: 'LENGTH_REQUIRED' })
      return
    }
    if (Number(length ?? 0) > maxBytes) {
      res.status(413).json({ message: 'PAYLOAD_TOO_LARGE' })
      return
    }
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
        console.info(JSON.stringify({ t: new Date().toISOString(), id, method: req.method, path: req.path, status: res.statusCode, ms: Math.round(ms * 10) / 10 }))
      })
    }
    next()
  }
}
