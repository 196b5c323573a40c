import { consume, EMAIL_REQUESTS } from '~/auth/rate-limit.server'
import { checkToken, consumeToken, issueToken } from '~/auth/tokens.server'
import { DomainError } from '~/errors'
import { sendMail } from '~/mail/mailer.server'
import { emailChangedEmail, emailChangeEmail } from '~/mail/templates.server'
import { nowIso } from '~/utils/ids.server'
import { type Ctx } from '../context.server'
import { confirmPassword, requireSelf } from './profile.server'
import { findUserByEmail } from '../accounts/users.server'

/**
 * Changing the email address (POST /api/users/{userId}/email): the password confirms the request,
 * the new address gets a single-use link (24 hours), and only following it changes the address;
 * the old address is then told. The address stays the old one until then, so a mistyped address
 * locks nobody out. An address that already has an account is refused (EMAIL_TAKEN): the user has
 * proved their password, and the attempts spend the address's mail budget (ADR 010).
 */
export async function requestEmailChange(ctx: Ctx, userId: string, input: { email: string; password: string }) {
  const actor = requireSelf(ctx, userId)
  const email = input.email.toLowerCase()
  await confirmPassword(ctx, input.password)
  if (email === actor.email) return { email, pending: false }
  await consume(ctx.db, `email:${email}`, EMAIL_REQUESTS, ctx.now)
  if (await findUserByEmail(ctx, email)) throw new DomainError('EMAIL_TAKEN')
  const token = await issueToken(ctx.db, actor.id, 'change-email', { email }, ctx.now)
  await sendMail(ctx.db, emailChangeEmail({ name: actor.name, locale: actor.locale, email }, token))
  return { email, pending: true }
}

/** The address a change-email link would set, without using it (the confirmation screen). */
export async function checkEmailChangeToken(ctx: Ctx, token: string) {
  const row = await checkToken(ctx.db, token, 'change-email', ctx.now)
  return { email: String(row.data?.email ?? '') }
}

/**
 * Follows a change-email link: the new address replaces the old (verified, since the link came to
 * it) and the old address is told; every other session of the user ends (as for a new password;
 * `currentSession`, the id hash of the request's session, stays when it is one of the user's).
 * An address taken meanwhile is EMAIL_TAKEN, with the link left unused.
 */
export async function confirmEmailChange(ctx: Ctx, token: string, currentSession: string | null = null) {
  const pending = await checkToken(ctx.db, token, 'change-email', ctx.now)
  const email = String(pending.data?.email ?? '')
  if (!email) throw new DomainError('TOKEN_INVALID')
  const before = await ctx.db
    .selectFrom('users')
    .select(['id', 'name', 'email', 'locale'])
    .where('id', '=', pending.user_id)
    .executeTakeFirst()
  if (!before) throw new DomainError('TOKEN_INVALID')
  if ((await findUserByEmail(ctx, email)) && before.email !== email) throw new DomainError('EMAIL_TAKEN')
  await consumeToken(ctx.db, token, 'change-email', ctx.now)
  try {
    await ctx.db
      .updateTable('users')
      .set((eb) => ({ email, email_verified_at: eb.fn.coalesce('email_verified_at', eb.val(nowIso(ctx.now))) }))
      .where('id', '=', before.id)
      .execute()
  } catch (error) {
    // A unique-index race with a sign-up of the same address.
    if (await findUserByEmail(ctx, email)) throw new DomainError('EMAIL_TAKEN')
    throw error
  }
  await ctx.db
    .deleteFrom('sessions')
    .where('user_id', '=', before.id)
    .$if(currentSession !== null, (q) => q.where('id_hash', '!=', currentSession!))
    .execute()
  await sendMail(ctx.db, emailChangedEmail(before, email))
  return { email }
}

/** The new address waiting for confirmation, if a live link was sent for one. */
export async function pendingEmailChange(ctx: Ctx, userId: string) {
  const actor = requireSelf(ctx, userId)
  const row = await ctx.db
    .selectFrom('tokens')
    .select('data')
    .where('user_id', '=', actor.id)
    .where('purpose', '=', 'change-email')
    .where('used_at', 'is', null)
    .where('expires_at', '>', nowIso(ctx.now))
    .orderBy('created_at', 'desc')
    .executeTakeFirst()
  const email = row?.data ? (JSON.parse(row.data) as { email?: unknown }).email : undefined
  return typeof email === 'string' ? email : null
}
