import type { AppLoadContext } from '@remix-run/node'
import { readSession, type SessionState } from '~/auth/session.server'
import { bearerOf, bearerSession } from '~/auth/sso/bearer.server'
import { db } from '~/db/db.server'

/**
 * The load context of one request (Express's getLoadContext calls this through the server
 * build; tests call it through tests/support/factories.ts). The session is read once, lazily:
 * requests that never ask for it (health checks, the sign-in form) cost no query.
 */
export function createLoadContext(input: {
  cspNonce: string
  clientIp: string
  cookie: string | null
  method: string
  /** The Authorization header of an /api/ request: a Bearer token authenticates it instead of the cookie (docs/sso.md). */
  authorization?: string | null
}): AppLoadContext {
  let session: Promise<SessionState> | undefined
  const bearer = bearerOf(input.authorization)
  const readOnly = input.method === 'GET' || input.method === 'HEAD'
  return {
    cspNonce: input.cspNonce,
    clientIp: input.clientIp,
    // The first reader decides whether the request is passive (see AppLoadContext.session).
    session: (options) =>
      (session ??= bearer ? bearerSession(db(), bearer) : readSession(db(), input.cookie, new Date(), options)),
    memo: readOnly ? new Map() : undefined,
  }
}
