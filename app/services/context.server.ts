import type { AppLoadContext } from '@remix-run/node'
import type { SessionUser } from '~/auth/session.server'
import { db, type DB } from '~/db/db.server'

/** What every service call gets: the database, the acting user (if any), the clock and the client. */
export interface Ctx {
  db: DB
  actor: SessionUser | null
  now: Date
  /** The client's address, for per-client rate limits. */
  client: string
}

export function ctxFor(actor: SessionUser | null, context?: Partial<AppLoadContext>): Ctx {
  return { db: db(), actor, now: new Date(), client: context?.clientIp ?? 'unknown' }
}

/** The acting user of a service that requires one. */
export function actorOf(ctx: Ctx): SessionUser {
  if (!ctx.actor) throw new Error('This service needs a signed-in actor')
  return ctx.actor
}
