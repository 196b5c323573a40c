import { requireUncommonPassword } from '~/auth/common-passwords.server'
import { hashPassword, verifyPassword } from '~/auth/password.server'
import {
  ANONYMOUS_WORK_PER_CLIENT,
  type Attempt,
  clearFailures,
  consume,
  EMAIL_REQUESTS,
  latestBlock,
  refundAttempt,
  SIGNIN_ATTACK_ALERT,
  SIGNIN_PER_ACCOUNT,
  SIGNIN_PER_ACCOUNT_CLIENT,
  SIGNIN_PER_CLIENT,
  signInKeys,
  spendsBudget,
  takeAttempts,
} from '~/auth/rate-limit.server'
import { safeRedirect } from '~/auth/schemas'
import { revokeAllSessions, type SessionUser } from '~/auth/session.server'
import { sendSecurityNotice } from './security-notices.server'
import { checkToken, consumeToken, issueToken, pendingTokenData } from '~/auth/tokens.server'
import { DomainError } from '~/errors'
import type { Locale } from '~/i18n/config'
import { sendMail } from '~/mail/mailer.server'
import { signInFailures, signInLockouts } from '~/metrics.server'
import { accountExistsEmail, passwordResetEmail, signInAttackEmail, verificationEmail, type OtherWaysIn } from '~/mail/templates.server'
import type { ProviderId } from '~/auth/sso/config.server'
import { PROVIDER_LABELS } from './user-identities.server'
import { newId, nowIso } from '~/utils/ids.server'
import { actorOf, type Ctx } from '../context.server'
import { codeHashes, isWellFormedCode } from '../invitations/invitation-codes.server'
import { keepSignUpInvitation } from '../invitations/invitation-sign-up.server'

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
 * What a verification token keeps until the address is verified: the hashes of the invitation
 * code (never the code; one per secret of SESSION_SECRET, so a rotation between sign-up and
 * verification loses nothing) and where sign-in should lead.
 */
interface PendingSignUp {
  invitationCodeHashes?: string[]
  redirectTo?: string
}

function pendingSignUp(input: Pick<SignUpInput, 'invitationCode' | 'redirectTo'>): PendingSignUp | null {
  const pending: PendingSignUp = {}
  if (input.invitationCode && isWellFormedCode(input.invitationCode)) pending.invitationCodeHashes = codeHashes(input.invitationCode)
  const redirectTo = safeRedirect(input.redirectTo, '/')
  // The invitation-code screen's link carries the code in plain text; the hash above replaces it.
  if (redirectTo !== '/' && !/^\/invitation-code(?:[/?#]|$)/.test(redirectTo)) pending.redirectTo = redirectTo
  return Object.keys(pending).length ? pending : null
}

function readPendingSignUp(data: Record<string, unknown> | null): PendingSignUp {
  const pending: PendingSignUp = {}
  const hashes = data?.invitationCodeHashes
  if (Array.isArray(hashes) && hashes.every((h) => typeof h === 'string')) pending.invitationCodeHashes = hashes
  // Links sent before the list kept one hash; those before codes were kept hashed, the code itself.
  else if (typeof data?.invitationCodeHash === 'string') pending.invitationCodeHashes = [data.invitationCodeHash]
  else if (typeof data?.invitationCode === 'string' && isWellFormedCode(data.invitationCode))
    pending.invitationCodeHashes = codeHashes(data.invitationCode)
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
  if (pending.invitationCodeHashes?.length) {
    await keepSignUpInvitation(ctx, used.user_id, pending.invitationCodeHashes)
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
 * Checks credentials under three limits, each counted before the password is checked (so
 * parallel guesses cannot outrun them): the fast lock per (account, client), the looser cap per
 * account, and the budget per client (docs/auth.md). Success ends the account's run of failures
 * (the cap and this client's lock) and gives the client its attempt back, so only failures add up;
 * another client's lock on the account stays. A failure that locks the account, for one client or
 * for all, emails the owner, at most once a day. Unknown accounts take the same path, mail aside.
 */
export async function signIn(ctx: Ctx, input: { email: string; password: string }) {
  const email = input.email.toLowerCase()
  const keys = signInKeys(email, ctx.client)
  const attempts = await takeAttempts(
    ctx.db,
    [
      { key: keys.accountClient, policy: SIGNIN_PER_ACCOUNT_CLIENT },
      { key: keys.account, policy: SIGNIN_PER_ACCOUNT },
      { key: keys.client, policy: SIGNIN_PER_CLIENT },
    ],
    ctx.now,
  ).catch((error: unknown) => {
    if (error instanceof DomainError && error.code === 'TOO_MANY_ATTEMPTS') signInFailures.inc({ reason: 'locked' })
    throw error
  })
  const [accountClient, account, client] = attempts as [Attempt, Attempt, Attempt]
  const user = await findUserByEmail(ctx, email)
  const ok = await verifyPassword(user?.password_hash, input.password)
  if (!user || !ok) {
    signInFailures.inc({ reason: 'credentials' })
    if (accountClient.blockedUntil) signInLockouts.inc({ limit: 'account_client' })
    if (account.blockedUntil) signInLockouts.inc({ limit: 'account' })
    if (client.blockedUntil) signInLockouts.inc({ limit: 'client' })
    if (accountClient.blockedUntil || account.blockedUntil) await alertOwner(ctx, keys.alert, user)
    const blocked = latestBlock(attempts)
    if (blocked) throw new DomainError('TOO_MANY_ATTEMPTS', { retryAt: blocked })
    throw new DomainError('UNAUTHORIZED')
  }
  await clearFailures(ctx.db, accountClient.key)
  await clearFailures(ctx.db, account.key)
  await refundAttempt(ctx.db, client)
  if (!user.email_verified_at) throw new DomainError('USER_NOT_VERIFIED', { email: user.email })
  return user
}

/**
 * Tells the owner that sign-ins to their account are being refused, once per attack period (a
 * day): the alert budget is spent for unknown accounts too, so only the mail itself differs. A
 * mail that cannot be sent is logged, not answered: the answer must stay that of an unknown account.
 */
async function alertOwner(ctx: Ctx, alertKey: string, user: { email: string; name: string; locale: string } | undefined) {
  if (!(await spendsBudget(ctx.db, alertKey, SIGNIN_ATTACK_ALERT, ctx.now))) return
  if (!user) return
  try {
    await sendMail(ctx.db, signInAttackEmail(user))
  } catch (error) {
    console.error(`[mail] sign-in alert to ${user.email} not sent: ${String(error)}`)
  }
}

/** The passkeys and provider accounts of a user, for the reset email (templates.server.ts passwordResetEmail). */
async function otherWaysIn(ctx: Ctx, userId: string): Promise<OtherWaysIn> {
  const [passkeys, providers] = await Promise.all([
    ctx.db.selectFrom('passkeys').select('name').where('user_id', '=', userId).orderBy('created_at').orderBy('id').execute(),
    ctx.db.selectFrom('user_identities').select(['provider', 'email']).where('user_id', '=', userId).orderBy('created_at').execute(),
  ])
  return {
    passkeys: passkeys.map((p) => p.name),
    providers: providers.map((p) => ({ label: PROVIDER_LABELS[p.provider as ProviderId] ?? p.provider, email: p.email })),
  }
}

/** Emails a reset link if the account exists (naming its passkeys and provider accounts); the answer is the same either way. */
export async function requestPasswordReset(ctx: Ctx, email: string) {
  await takeClientBudget(ctx)
  await takeAddressBudget(ctx, email)
  const user = await findUserByEmail(ctx, email)
  if (!user) return
  const token = await issueToken(ctx.db, user.id, 'password-reset', null, ctx.now)
  await sendMail(ctx.db, passwordResetEmail(user, token, await otherWaysIn(ctx, user.id)))
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
  await sendSecurityNotice(ctx, used.user_id, 'password-changed')
  // The owner proved the address: the account's run of failures ends, and so does this client's
  // lock on it (another client's lock stays).
  const keys = signInKeys(user.email, ctx.client)
  await clearFailures(ctx.db, keys.account)
  await clearFailures(ctx.db, keys.accountClient)
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
