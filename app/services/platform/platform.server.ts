import type { DB } from '~/db/db.server'
import { DomainError } from '~/errors'
import { listUndelivered, retryMailNow } from '~/mail/outbox.server'
import type { Ctx } from '../context.server'

/**
 * The platform's own administration (not an organization's): for users with
 * users.is_platform_admin, set with `npm run admin -- grant <email>`. To everyone else these
 * services do not exist (NOT_FOUND).
 */
export const isPlatformAdmin = (ctx: Ctx) => !!ctx.actor && Number(ctx.actor.is_platform_admin) === 1

export function requirePlatformAdmin(ctx: Ctx) {
  if (!isPlatformAdmin(ctx)) throw new DomainError('NOT_FOUND')
}

/** Mail that has not gone out after trying: dead first, then failed (retried later on its own). */
export async function listUndeliveredMail(ctx: Ctx) {
  requirePlatformAdmin(ctx)
  return listUndelivered(ctx.db)
}

/** Queues a failed or dead message again, due now, with a fresh series of attempts. */
export async function retryMail(ctx: Ctx, id: string) {
  requirePlatformAdmin(ctx)
  const row = await ctx.db.selectFrom('mail_outbox').select('to_address').where('id', '=', id).executeTakeFirst()
  if (!row || !(await retryMailNow(ctx.db, id, ctx.now))) throw new DomainError('NOT_FOUND')
  return { to: row.to_address }
}

/** Grants or revokes platform administration (scripts/admin.ts); false when no account has the address. */
export async function setPlatformAdmin(db: DB, email: string, admin: boolean) {
  const result = await db
    .updateTable('users')
    .set({ is_platform_admin: admin ? 1 : 0 })
    .where('email', '=', email.trim().toLowerCase())
    .executeTakeFirst()
  return Number(result.numUpdatedRows) === 1
}

/**
 * Ends every session of the account with the address (scripts/admin.ts `end-sessions`, ASVS
 * 7.4.5): its next request asks it to sign in. Answers how many ended, or null when no account
 * has the address.
 */
export async function endSessionsOf(db: DB, email: string): Promise<number | null> {
  const user = await db.selectFrom('users').select('id').where('email', '=', email.trim().toLowerCase()).executeTakeFirst()
  if (!user) return null
  const ended = await db.deleteFrom('sessions').where('user_id', '=', user.id).executeTakeFirst()
  return Number(ended.numDeletedRows)
}

/** Ends every session of every account (scripts/admin.ts `end-all-sessions`): everyone signs in again. Answers how many ended. */
export async function endAllSessions(db: DB): Promise<number> {
  const ended = await db.deleteFrom('sessions').executeTakeFirst()
  return Number(ended.numDeletedRows)
}
