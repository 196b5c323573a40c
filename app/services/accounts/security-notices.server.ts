import type { DB } from '~/db/db.server'
import { sendMail } from '~/mail/mailer.server'
import { securityNoticeEmail, type SecurityNoticeKind } from '~/mail/templates.server'
import { nowIso } from '~/utils/ids.server'
import type { Ctx } from '../context.server'
import { browserFamily, deviceOf } from '../profile/user-agent'

export type { SecurityNoticeKind }

/**
 * Security notices by email (docs/auth.md "Security notices"): a sign-in from a new
 * browser, two-step verification turned on or off, a passkey added or removed, a provider account
 * linked to the account (provider-links.server.ts) or unlinked, the password changed. Each
 * goes through the mail outbox, in the user's language, with a link to the list of their
 * sessions (to sign out a browser that is not theirs). They are not optional: the notification
 * preferences govern the feed's notices, not these.
 */
export async function sendSecurityNotice(
  ctx: Pick<Ctx, 'db' | 'now'>,
  userId: string,
  kind: SecurityNoticeKind,
  details: { browser?: string; what?: string } = {},
) {
  const user = await ctx.db
    .selectFrom('users')
    .select(['id', 'name', 'email', 'locale', 'timezone'])
    .where('id', '=', userId)
    .executeTakeFirst()
  if (!user) return
  await sendMail(ctx.db, securityNoticeEmail(user, kind, { when: ctx.now, ...details }))
}

/**
 * After a sign-in (any method): records the browser family (browser and system, without
 * versions: user-agent.ts browserFamily) and sends the "new browser" notice when the user has
 * signed in before but never from this family. The first family of a user (their first sign-in,
 * or the first since this was recorded) is only recorded, so nobody gets a notice for signing up.
 * Answers whether the notice was sent.
 */
export async function noticeSignIn(ctx: Pick<Ctx, 'db' | 'now'>, userId: string, userAgent: string | null): Promise<boolean> {
  const family = browserFamily(userAgent)
  const now = nowIso(ctx.now)
  const known = await ctx.db.selectFrom('known_browsers').select('family').where('user_id', '=', userId).execute()
  if (known.some((k) => k.family === family)) {
    await touchKnownBrowser(ctx.db, userId, family, now)
    return false
  }
  const inserted = await ctx.db
    .insertInto('known_browsers')
    .values({ user_id: userId, family, first_seen_at: now, last_seen_at: now })
    .onConflict((oc) => oc.columns(['user_id', 'family']).doNothing())
    .returning('family')
    .executeTakeFirst()
  // A racing sign-in from the same browser recorded it first: that one tells.
  if (!inserted || known.length === 0) return false
  const { browser, os } = deviceOf(userAgent)
  await sendSecurityNotice(ctx, userId, 'new-browser', { browser: [browser, os].filter(Boolean).join(' / ') || undefined })
  return true
}

const touchKnownBrowser = (db: DB, userId: string, family: string, now: string) =>
  db.updateTable('known_browsers').set({ last_seen_at: now }).where('user_id', '=', userId).where('family', '=', family).execute()
