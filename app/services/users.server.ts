import { requireUncommonPassword } from '~/auth/common-passwords.server'
import { hashPassword, verifyPassword } from '~/auth/password.server'
import {
  ANONYMOUS_WORK_PER_CLIENT,
  clearFailures,
  consume,
  EMAIL_REQUESTS,
  latestBlock,
  refundAttempt,
  SIGNIN_PER_ACCOUNT,
  SIGNIN_PER_CLIENT,
  takeAttempts,
} from '~/auth/rate-limit.server'
import { safeRedirect } from '~/auth/schemas'
import { revokeAllSessions, type SessionUser } from '~/auth/session.server'
import { checkToken, consumeToken, issueToken, pendingTokenData } from '~/auth/tokens.server'
import { DomainError } from '~/errors'
import type { Locale } from '~/i18n/config'
import { sendMail } from '~/mail/mailer.server'
import { accountExistsEmail, passwordResetEmail, verificationEmail } from '~/mail/templates.server'
import { newId, nowIso } from '~/utils/ids.server'
import { actorOf, type Ctx } from './context.server'
import { hashCode, isWellFormedCode } from './invitation-codes.server'
import { keepSignUpInvitation } from './invitations.server'

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
  /** Where sign-in should lead once the address is verified (a same-origin path). */
  redirectTo?: string
}

/** Mail and password hashing that anyone may trigger, per client (sign-up, resets, resends). */
const takeClientBudget = (ctx: Ctx) => consume(ctx.db, `anonymous-work:client:${ctx.client}`, ANONYMOUS_WORK_PER_CLIENT, ctx.now)
const takeAddressBudget = (ctx: Ctx, email: string) => consume(ctx.db, `email:${email.toLowerCase()}`, EMAIL_REQUESTS, ctx.now)

/**
 * What a verification token keeps until the address is verified: the hash of the invitation
 * code (never the code) and where sign-in should lead.
 */
interface PendingSignUp {
  invitationCodeHash?: string
  redirectTo?: string
}

function pendingSignUp(input: Pick<SignUpInput, 'invitationCode' | 'redirectTo'>): PendingSignUp | null {
  const pending: PendingSignUp = {}
  if (input.invitationCode && isWellFormedCode(input.invitationCode)) pending.invitationCodeHash = hashCode(input.invitationCode)
  const redirectTo = safeRedirect(input.redirectTo, '/')
  // The invitation-code screen's link carries the code in plain text; the hash above replaces it.
  if (redirectTo !== '/' && !/^\/invitation-code(?:[/?#]|$)/.test(redirectTo)) pending.redirectTo = redirectTo
  return Object.keys(pending).length ? pending : null
}

function readPendingSignUp(data: Record<string, unknown> | null): PendingSignUp {
  const pending: PendingSignUp = {}
  if (typeof data?.invitationCodeHash === 'string') pending.invitationCodeHash = data.invitationCodeHash
  // Links sent before codes were kept hashed carry the code itself.
  else if (typeof data?.invitationCode === 'string' && isWellFormedCode(data.invitationCode)) pending.invitationCodeHash = hashCode(data.invitationCode)
  if (typeof data?.redirectTo === 'string') pending.redirectTo = safeRedirect(data.redirectTo)
  return pending
}

/**
 * Creates an unverified account and emails a verification link. An address that already has an
 * account gets a note instead. Both paths spend the same budgets and hash the password, and the
 * answer is the same, so sign-up reveals no accounts, not even by its timing. Of two racing
 * sign-ups for one address, the second takes the "already has an account" path. A password that
 * is too easy to guess (a common one, or made of the name or address) is refused first, with
 * nothing spent.
 */
export async function signUp(ctx: Ctx, input: SignUpInput) {
  const email = input.email.toLowerCase()
  await requireUncommonPassword(input.password, { name: input.name, email }, 'password')
  await takeClientBudget(ctx)
  await takeAddressBudget(ctx, email)
  const user = {
    id: newId(),
    name: input.name,
    email,
    password_hash: await hashPassword(input.password),
    email_verified_at: null,
    locale: input.locale,
    timezone: input.timezone,
    created_at: nowIso(ctx.now),
  }
  const inserted = await ctx.db
    .insertInto('users')
    .values(user)
    .onConflict((oc) => oc.column('email').doNothing())
    .returning('id')
    .executeTakeFirst()
  if (!inserted) {
    const existing = await findUserByEmail(ctx, email)
    if (existing) await sendMail(ctx.db, accountExistsEmail(existing))
    return
  }
  const token = await issueToken(ctx.db, user.id, 'verify-email', pendingSignUp(input), ctx.now)
  await sendMail(ctx.db, verificationEmail(user, token))
}

export interface VerifiedEmail {
  message: 'VERIFY_SIGNIN_REQUIRED'
  email: string
  /** Where sign-in should lead: the sign-up's redirectTo, or /invitation-code to confirm its invitation. */
  redirectTo?: string
}

/**
 * Verifies an address by its token; the user then signs in (VERIFY_SIGNIN_REQUIRED). After a
 * sign-up with an invitation code, nobody joins anything yet: the code waits for the user, and
 * sign-in leads to /invitation-code, which asks "Join Exempelskolan as group creator?" (or says
 * why the code no longer works). The account is verified either way.
 */
export async function verifyEmail(ctx: Ctx, token: string): Promise<VerifiedEmail> {
  const used = await consumeToken(ctx.db, token, 'verify-email', ctx.now)
  const user = await ctx.db
    .updateTable('users')
    .set({ email_verified_at: nowIso(ctx.now) })
    .where('id', '=', used.user_id)
    .returning(['email'])
    .executeTakeFirstOrThrow()
  const pending = readPendingSignUp(used.data)
  let redirectTo = pending.redirectTo
  if (pending.invitationCodeHash) {
    await keepSignUpInvitation(ctx, used.user_id, pending.invitationCodeHash)
    redirectTo = '/invitation-code'
  }
  return { message: 'VERIFY_SIGNIN_REQUIRED', email: user.email, ...(redirectTo ? { redirectTo } : {}) }
}

/**
 * Sends a new verification link if the address has an unverified account; reveals nothing. The
 * new link keeps what the sign-up left pending (invitation, redirect): the old link dies.
 */
export async function resendVerification(ctx: Ctx, email: string) {
  await takeClientBudget(ctx)
  await takeAddressBudget(ctx, email)
  const user = await findUserByEmail(ctx, email)
  if (!user || user.email_verified_at) return
  const pending = await pendingTokenData(ctx.db, user.id, 'verify-email')
  const token = await issueToken(ctx.db, user.id, 'verify-email', pending, ctx.now)
  await sendMail(ctx.db, verificationEmail(user, token))
}

/**
 * Checks credentials under the per-account and per-client limits. Each attempt is counted for
 * both before the password is checked (so parallel guesses cannot outrun the limit); success
 * clears the account's count and gives the client its attempt back, so only failures add up.
 */
export async function signIn(ctx: Ctx, input: { email: string; password: string }) {
  const email = input.email.toLowerCase()
  const [account, client] = await takeAttempts(
    ctx.db,
    [
      { key: `signin:account:${email}`, policy: SIGNIN_PER_ACCOUNT },
      { key: `signin:client:${ctx.client}`, policy: SIGNIN_PER_CLIENT },
    ],
    ctx.now,
  )
  const user = await findUserByEmail(ctx, email)
  const ok = await verifyPassword(user?.password_hash, input.password)
  if (!user || !ok) {
    const blocked = latestBlock([account!, client!])
    if (blocked) throw new DomainError('TOO_MANY_ATTEMPTS', { retryAt: blocked })
    throw new DomainError('UNAUTHORIZED')
  }
  await clearFailures(ctx.db, account!.key)
  await refundAttempt(ctx.db, client!)
  if (!user.email_verified_at) throw new DomainError('USER_NOT_VERIFIED', { email: user.email })
  return user
}

/** Emails a reset link if the account exists; the answer is the same either way. */
export async function requestPasswordReset(ctx: Ctx, email: string) {
  await takeClientBudget(ctx)
  await takeAddressBudget(ctx, email)
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

/**
 * Sets a new password with a single-use token and revokes every session of the user. The token
 * is checked before the (costly) hash, and hashing spends the client's budget. A password that
 * is too easy to guess is refused with the token left unused.
 */
export async function resetPassword(ctx: Ctx, input: { token: string; newPassword: string }) {
  const token = await checkToken(ctx.db, input.token, 'password-reset', ctx.now)
  const owner = await ctx.db.selectFrom('users').select(['name', 'email']).where('id', '=', token.user_id).executeTakeFirst()
  await requireUncommonPassword(input.newPassword, owner ?? {}, 'newPassword')
  await takeClientBudget(ctx)
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

/** The actor's saved locale (the language switch; later also the preferences screen). */
export async function saveLocale(ctx: Ctx, locale: Locale) {
  const actor = actorOf(ctx)
  await ctx.db.updateTable('users').set({ locale }).where('id', '=', actor.id).execute()
}
