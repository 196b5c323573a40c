import type { AppLoadContext } from '@remix-run/node'
import type { SessionState, SessionUser } from '~/auth/session.server'
import { db, type DB } from '~/db/db.server'
import { clientKey } from '~/utils/client-key.server'

/** What every service call gets: the database, the acting user (if any), the clock and the client. */
export interface Ctx {
  db: DB
  actor: SessionUser | null
  now: Date
  /** The client's rate-limit key: its address, or its /64 for IPv6 (utils/client-key.server.ts). */
  client: string
  /** Answers of read-only checks shared within one GET request (see AppLoadContext.memo). */
  memo?: Map<string, Promise<unknown>>
  /** A change made by an organization's directory over SCIM: the token it came through (its name is the audit's actor). */
  directoryTokenId?: string
  /** The request's session (read once per request; how it was signed in is read by the organization policy). */
  session?: () => Promise<SessionState>
}

export function ctxFor(actor: SessionUser | null, context?: Partial<AppLoadContext>): Ctx {
  return {
    db: db(),
    actor,
    now: new Date(),
    client: clientKey(context?.clientIp ?? 'unknown'),
    memo: context?.memo,
    session: context?.session,
  }
}

/**
 * A read-only lookup asked once per GET request however many loaders ask it (the organization
 * layout and its screen both check admin access); without a memo (actions, tests), every call asks.
 */
export function memoized<T>(ctx: Ctx, key: string, lookup: () => Promise<T>): Promise<T> {
  const known = ctx.memo?.get(key) as Promise<T> | undefined
  if (known) return known
  const answer = lookup()
  ctx.memo?.set(key, answer)
  return answer
}

/** The acting user of a service that requires one. */
export function actorOf(ctx: Ctx): SessionUser {
  if (!ctx.actor) throw new Error('This service needs a signed-in actor')
  return ctx.actor
}
