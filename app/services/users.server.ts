import { hashPassword, verifyPassword } from '~/auth/password.server'
import {
  assertNotLimited,
  clearFailures,
  consume,
  EMAIL_REQUESTS,
  recordFailure,
  SIGNIN_PER_ACCOUNT,
  SIGNIN_PER_CLIENT,
} from '~/auth/rate-limit.server'
import { revokeAllSessions, type SessionUser } from '~/auth/session.server'
import { checkToken, consumeToken, issueToken } from '~/auth/tokens.server'
import { DomainError } from '~/errors'
import type { Locale } from '~/i18n/config'
import { sendMail } from '~/mail/mailer.server'
import { accountExistsEmail, passwordResetEmail, verificationEmail } from '~/mail/templates.server'
import { newId, nowIso } from '~/utils/ids.server'
import type { Ctx } from './context.server'

/** The Current user shape of the specification (section 3). */
export function toCurrentUser(user: SessionUser) {
  return {
    _id: user.id,
    name: user.name,
    email: user.email,
    profile_pic: user.profile_pic,
    preferences: {
      locale: user.locale,
      timezone: user.timezone,
      autoSignout: { isActive: user.auto_signout_active === 1, timeoutSeconds: user.auto_signout_seconds },
      notifications: { unsubscribedTemplates: JSON.parse(user.unsubscribed_templates) as string[] },
    },
  }
}
export type CurrentUser = ReturnType<typeof toCurrentUser>

export const findUserByEmail = (ctx: Ctx, email: string) =>
  ctx.db.selectFrom('users').selectAll().where('email', '=', email.toLowerCase()).executeTakeFirst()

export interface SignUpInput {
  name: string
  email: string
  password: string
  locale: Locale
  timezone: string
  invitationCode?: string
}

/**
 * Creates an unverified account and emails a verification link. An address that already has an
 * account gets a note instead, and the answer is the same, so sign-up reveals no accounts.
 */
export async function signUp(ctx: Ctx, input: SignUpInput) {
  const existing = await findUserByEmail(ctx, input.email)
  if (existing) {
    await consume(ctx.db, `email:${existing.email}`, EMAIL_REQUESTS, ctx.now)
    await sendMail(ctx.db, accountExistsEmail(existing))
    return
  }
  const user = {
    id: newId(),
    name: input.name,
    email: input.email.toLowerCase(),
    password_hash: await hashPassword(input.password),
    email_verified_at: null,
    locale: input.locale,
    timezone: input.timezone,
    created_at: nowIso(ctx.now),
  }
  await ctx.db.insertInto('users').values(user).execute()
  const data = input.invitationCode ? { invitationCode: input.invitationCode } : null
  const token = await issueToken(ctx.db, user.id, 'verify-email', data, ctx.now)
  await sendMail(ctx.db, verificationEmail(user, token))
}

/** Verifies an address by its token; the user then signs in (VERIFY_SIGNIN_REQUIRED). */
export async function verifyEmail(ctx: Ctx, token: string) {
  const used = await consumeToken(ctx.db, token, 'verify-email', ctx.now)
  const user = await ctx.db
    .updateTable('users')
    .set({ email_verified_at: nowIso(ctx.now) })
    .where('id', '=', used.user_id)
    .returning(['email'])
    .executeTakeFirstOrThrow()
  const invitationCode = typeof used.data?.invitationCode === 'string' ? used.data.invitationCode : undefined
  return { message: 'VERIFY_SIGNIN_REQUIRED' as const, email: user.email, userId: used.user_id, invitationCode }
}

/** Sends a new verification link if the address has an unverified account; reveals nothing. */
export async function resendVerification(ctx: Ctx, email: string) {
  await consume(ctx.db, `email:${email.toLowerCase()}`, EMAIL_REQUESTS, ctx.now)
  const user = await findUserByEmail(ctx, email)
  if (!user || user.email_verified_at) return
  const token = await issueToken(ctx.db, user.id, 'verify-email', null, ctx.now)
  await sendMail(ctx.db, verificationEmail(user, token))
}

/**
 * Checks credentials under the per-account and per-client limits. Wrong credentials count as a
 * failure for both; success clears the account's count.
 */
export async function signIn(ctx: Ctx, input: { email: string; password: string }) {
  const accountKey = `signin:account:${input.email.toLowerCase()}`
  const clientKey = `signin:client:${ctx.client}`
  await assertNotLimited(ctx.db, [accountKey, clientKey], ctx.now)
  const user = await findUserByEmail(ctx, input.email)
  const ok = await verifyPassword(user?.password_hash, input.password)
  if (!user || !ok) {
    const blocked = [
      await recordFailure(ctx.db, accountKey, SIGNIN_PER_ACCOUNT, ctx.now),
      await recordFailure(ctx.db, clientKey, SIGNIN_PER_CLIENT, ctx.now),
    ]
      .filter(Boolean)
      .sort()
      .at(-1)
    if (blocked) throw new DomainError('TOO_MANY_ATTEMPTS', { retryAt: blocked })
    throw new DomainError('UNAUTHORIZED')
  }
  await clearFailures(ctx.db, accountKey)
  if (!user.email_verified_at) throw new DomainError('USER_NOT_VERIFIED', { email: user.email })
  return user
}

/** Emails a reset link if the account exists; the answer is the same either way. */
export async function requestPasswordReset(ctx: Ctx, email: string) {
  await consume(ctx.db, `email:${email.toLowerCase()}`, EMAIL_REQUESTS, ctx.now)
  const user = await findUserByEmail(ctx, email)
  if (!user) return
  const token = await issueToken(ctx.db, user.id, 'password-reset', null, ctx.now)
  await sendMail(ctx.db, passwordResetEmail(user, token))
}

/** Tells whether a reset token may still be used (verify-token), without using it. */
export async function checkPasswordResetToken(ctx: Ctx, token: string) {
  await checkToken(ctx.db, token, 'password-reset', ctx.now)
  return { valid: true as const }
}

/** Sets a new password with a single-use token and revokes every session of the user. */
export async function resetPassword(ctx: Ctx, input: { token: string; newPassword: string }) {
  const passwordHash = await hashPassword(input.newPassword)
  const used = await consumeToken(ctx.db, input.token, 'password-reset', ctx.now)
  // The link came to the inbox, so following it also proves the address.
  const user = await ctx.db
    .updateTable('users')
    .set((eb) => ({ password_hash: passwordHash, email_verified_at: eb.fn.coalesce('email_verified_at', eb.val(nowIso(ctx.now))) }))
    .where('id', '=', used.user_id)
    .returning(['email'])
    .executeTakeFirstOrThrow()
  await revokeAllSessions(ctx.db, used.user_id)
  await clearFailures(ctx.db, `signin:account:${user.email}`)
  return { email: user.email }
}

/** Tells whether a verification link is still good, without using it. */
export async function checkEmailVerificationToken(ctx: Ctx, token: string) {
  await checkToken(ctx.db, token, 'verify-email', ctx.now)
  return { valid: true as const }
}
