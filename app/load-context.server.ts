import type { AppLoadContext } from '@remix-run/node'
import { isPassivePath } from '~/auth/passive-requests'
import { readSession, type SessionState } from '~/auth/session.server'
import { bearerOf, bearerSession } from '~/auth/sso/bearer.server'
import { db } from '~/db/db.server'

/**
 * The load context of one request (Express's getLoadContext calls this through the server
 * build; tests call it through tests/support/factories.ts). The session is read once, lazily:
 * requests that never ask for it (health checks, the sign-in form) cost no query. `path` (the URL's
 * path, no query) tells a passive request (auth/passive-requests.ts), which never extends the session.
 */
export function createLoadContext(input: {
  cspNonce: string
  clientIp: string
  cookie: string | null
  method: string
  /** The Authorization header of an /api/ request: a Bearer token authenticates it instead of the cookie (docs/sso.md). */
  authorization?: string | null
  /** The URL's path (no query): a passive request (auth/passive-requests.ts) never extends the session. */
  path?: string
}): AppLoadContext {
  let session: Promise<SessionState> | undefined
  const bearer = bearerOf(input.authorization)
  const readOnly = input.method === 'GET' || input.method === 'HEAD'
  const passive = input.path !== undefined && isPassivePath(input.path)
  return {
    cspNonce: input.cspNonce,
    clientIp: input.clientIp,
    session: () => (session ??= bearer ? bearerSession(db(), bearer) : readSession(db(), input.cookie, new Date(), { passive })),
    memo: readOnly ? new Map() : undefined,
  }
}
