import type { AppLoadContext } from '@remix-run/node'
import { isPassivePath } from '~/auth/passive-requests'
import { readSession, type SessionState } from '~/auth/session.server'
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
  path?: string
}): AppLoadContext {
  let session: Promise<SessionState> | undefined
  const readOnly = input.method === 'GET' || input.method === 'HEAD'
  const passive = input.path !== undefined && isPassivePath(input.path)
  return {
    cspNonce: input.cspNonce,
    clientIp: input.clientIp,
    session: () => (session ??= readSession(db(), input.cookie, new Date(), { passive })),
    memo: readOnly ? new Map() : undefined,
  }
}
