import type { Express, NextFunction, Request, Response } from 'express'

/**
 * Who the client is, by TRUST_PROXY (app/env.server.ts): Express's `trust proxy` decides from
 * which peers X-Forwarded-For, -Proto and -Host are believed, and so `req.ip` (the per-client
 * rate-limit key), `req.protocol` and the public host. By default no peer is trusted: the socket's
 * peer is the client, and a client that sends its own X-Forwarded-For changes nothing.
 */
export function trustProxy(app: Express, setting: number | string[] | false) {
  app.set('trust proxy', setting)
  app.use(dropUntrustedForwarding)
}

/** Whether the request's peer (the socket) is a proxy TRUST_PROXY trusts. */
const fromTrustedProxy = (req: Request) =>
  (req.app.get('trust proxy fn') as (address: string | undefined, hop: number) => boolean)(req.socket.remoteAddress, 0)

const FORWARDING_HEADERS = ['forwarded', 'x-forwarded-for', 'x-forwarded-host', 'x-forwarded-proto', 'x-forwarded-port']

/**
 * Removes the forwarding headers of a request that does not come from a trusted proxy: Express
 * already ignores them, but Remix reads X-Forwarded-Host as it is (for the request's URL and its
 * own Origin check), and nothing after this should see what a client may have forged.
 */
export function dropUntrustedForwarding(req: Request, _res: Response, next: NextFunction) {
  if (!fromTrustedProxy(req)) for (const name of FORWARDING_HEADERS) delete req.headers[name]
  next()
}

/** The host (with its port) the client asked for: a trusted proxy's X-Forwarded-Host, else Host. */
export function publicHost(req: Request) {
  const forwarded = fromTrustedProxy(req) ? req.get('x-forwarded-host')?.split(',')[0].trim() : undefined
  return forwarded || req.get('host')
}

/** The client's address: a trusted proxy's word for it, else the socket's peer. */
export const clientAddress = (req: Request) => req.ip ?? req.socket.remoteAddress ?? 'unknown'
