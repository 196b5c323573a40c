import * as OTPAuth from 'otpauth'
import { SIGNIN_PER_ACCOUNT_CLIENT, refundAttempt, takeAttempt } from '~/auth/rate-limit.server'
import { DomainError } from '~/errors'
import { nowIso } from '~/utils/ids.server'
import type { Ctx } from '../context.server'
import { confirmPassword, requireSelf } from '../profile/profile.server'
import { isRecoveryCode, isTotpCode, normalizeCode } from './codes'
import { newRecoveryCodes, redeemRecoveryCode } from './recovery-codes.server'
import { sealTotpKey, unsealTotpKey } from './secret.server'
import { sendSecurityNotice } from '../accounts/security-notices.server'
import type { DB } from '~/db/db.server'
import { recordProof, requireRecentProof } from '../accounts/recent-proof.server'

/**
 * Two-step verification with an authenticator app (RFC 6238: SHA-1, 6 digits, 30-second steps,
 * the parameters every app reads). A code is accepted in its step and the one before or after
 * (clock drift), and only once: the step of the last accepted code is kept, and a code of that
 * step or an earlier one is refused, by one conditional update, so two racing uses cannot both win.
 */
export const TOTP_PERIOD = 30
const ISSUER = 'Groups'

const totpOf = (key: string, label = '') =>
  new OTPAuth.TOTP({ issuer: ISSUER, label, algorithm: 'SHA1', digits: 6, period: TOTP_PERIOD, secret: OTPAuth.Secret.fromBase32(key) })

export interface TwoStepStatus {
  /** A confirmed key: sign-in asks for a code. */
  enabled: boolean
  /** Enrolment started, waiting for a first code. */
  pending: boolean
  recoveryCodesLeft: number
}

export async function twoStepStatus(db: DB, userId: string): Promise<TwoStepStatus> {
  const row = await db.selectFrom('user_totp').select('confirmed_at').where('user_id', '=', userId).executeTakeFirst()
  const left = await db
    .selectFrom('recovery_codes')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .executeTakeFirstOrThrow()
  return { enabled: !!row?.confirmed_at, pending: !!row && !row.confirmed_at, recoveryCodesLeft: Number(left.n) }
}

export const isTwoStepEnabled = async (db: DB, userId: string) => (await twoStepStatus(db, userId)).enabled

/**
 * Starts (or starts again) enrolment with a new key; an enabled key is left alone (TWO_STEP_ALREADY_ON).
 * A security change: it needs a recent proof (REAUTH_REQUIRED, accounts/recent-proof.server.ts).
 */
export async function startTotpEnrolment(ctx: Ctx, userId: string) {
  const user = requireSelf(ctx, userId)
  await requireRecentProof(ctx)
  if (await isTwoStepEnabled(ctx.db, user.id)) throw new DomainError('TWO_STEP_ALREADY_ON')
  const key = new OTPAuth.Secret({ size: 20 }).base32
  const sealed = await sealTotpKey(key)
  await ctx.db.deleteFrom('user_totp').where('user_id', '=', user.id).execute()
  await ctx.db
    .insertInto('user_totp')
    .values({ user_id: user.id, secret: sealed, created_at: nowIso(ctx.now), confirmed_at: null, last_step: null })
    .execute()
}

/** The key being enrolled, as text (groups of four) and as the otpauth:// URI the QR code holds; null if none. */
export async function pendingTotpEnrolment(ctx: Ctx, userId: string) {
  const user = requireSelf(ctx, userId)
  const row = await ctx.db
    .selectFrom('user_totp')
    .selectAll()
    .where('user_id', '=', user.id)
    .where('confirmed_at', 'is', null)
    .executeTakeFirst()
  if (!row) return null
  const key = await unsealTotpKey(row.secret)
  return { key, uri: totpOf(key, user.email).toString() }
}

/**
 * The step of a valid code for the key at `now` (±1 step), else null. Exported for tests.
 */
export function acceptedStep(key: string, code: string, now: Date): number | null {
  const delta = totpOf(key).validate({ token: normalizeCode(code), timestamp: now.getTime(), window: 1 })
  if (delta === null) return null
  return Math.floor(now.getTime() / 1000 / TOTP_PERIOD) + delta
}

/**
 * Checks a code against the user's key (confirmed, or the pending one when `pending`) and spends
 * it: a code of a step not after the last accepted one is refused (replay).
 */
async function spendTotpCode(db: DB, userId: string, code: string, now: Date, pending = false): Promise<boolean> {
  if (!isTotpCode(code)) return false
  const row = await db
    .selectFrom('user_totp')
    .selectAll()
    .where('user_id', '=', userId)
    .where('confirmed_at', pending ? 'is' : 'is not', null)
    .executeTakeFirst()
  if (!row) return false
  const step = acceptedStep(await unsealTotpKey(row.secret), code, now)
  if (step === null) return false
  const spent = await db
    .updateTable('user_totp')
    .set({ last_step: step })
    .where('user_id', '=', userId)
    .where((eb) => eb.or([eb('last_step', 'is', null), eb('last_step', '<', step)]))
    .executeTakeFirst()
  return Number(spent.numUpdatedRows) === 1
}

/**
 * A code of the enabled key or an unused recovery code (single use). Used by the sign-in's
 * second step, whose caller counts the attempts.
 */
export async function spendSecondFactor(db: DB, userId: string, code: string, now: Date): Promise<boolean> {
  if (isTotpCode(code)) return spendTotpCode(db, userId, code, now)
  if (isRecoveryCode(code)) return redeemRecoveryCode(db, userId, code, now)
  return false
}

/** A current code of the user's app, for /confirm-identity (accounts/confirm-identity.server.ts); CODE_INVALID otherwise. */
export const confirmOwnCode = (ctx: Ctx, userId: string, code: string) => checkOwnCode(ctx, userId, code)

/** Code checks of a signed-in user (confirm, turn off), counted per user like a password check. */
async function checkOwnCode(ctx: Ctx, userId: string, code: string, pending = false) {
  const attempt = await takeAttempt(ctx.db, `two-step-check:user:${userId}`, SIGNIN_PER_ACCOUNT_CLIENT, ctx.now)
  if (!(await spendTotpCode(ctx.db, userId, code, ctx.now, pending))) {
    if (attempt.blockedUntil) throw new DomainError('TOO_MANY_ATTEMPTS', { retryAt: attempt.blockedUntil })
    throw new DomainError('CODE_INVALID')
  }
  await refundAttempt(ctx.db, attempt)
}

/** Confirms enrolment with a first code (and a recent proof); turns two-step on and answers the ten recovery codes (shown once). */
export async function confirmTotpEnrolment(ctx: Ctx, userId: string, code: string) {
  const user = requireSelf(ctx, userId)
  await requireRecentProof(ctx)
  if (await isTwoStepEnabled(ctx.db, user.id)) throw new DomainError('TWO_STEP_ALREADY_ON')
  const pending = await ctx.db.selectFrom('user_totp').select('user_id').where('user_id', '=', user.id).executeTakeFirst()
  if (!pending) throw new DomainError('TWO_STEP_NOT_ON')
  await checkOwnCode(ctx, user.id, code, true)
  await ctx.db
    .updateTable('user_totp')
    .set({ confirmed_at: nowIso(ctx.now) })
    .where('user_id', '=', user.id)
    .execute()
  const recoveryCodes = await newRecoveryCodes(ctx.db, user.id, ctx.now)
  await sendSecurityNotice(ctx, user.id, 'two-step-on')
  return { recoveryCodes }
}

/**
 * A fresh proof for a change to two-step itself: a current code of the app (6 digits) or the
 * password (anything else). Both are counted per user (a wrong one spends an attempt). A good one
 * also counts as the session's recent proof (accounts/recent-proof.server.ts), when there is a session.
 */
async function confirmOwner(ctx: Ctx, userId: string, confirmation: string) {
  if (isTotpCode(confirmation)) await checkOwnCode(ctx, userId, confirmation)
  else await confirmPassword(ctx, confirmation)
  await recordProof(ctx)
}

/** Turns two-step off (a fresh code or the password): the key and the recovery codes are deleted. */
export async function disableTwoStep(ctx: Ctx, userId: string, confirmation: string) {
  const user = requireSelf(ctx, userId)
  if (!(await isTwoStepEnabled(ctx.db, user.id))) throw new DomainError('TWO_STEP_NOT_ON')
  await confirmOwner(ctx, user.id, confirmation)
  await ctx.db.deleteFrom('user_totp').where('user_id', '=', user.id).execute()
  await ctx.db.deleteFrom('recovery_codes').where('user_id', '=', user.id).execute()
  await sendSecurityNotice(ctx, user.id, 'two-step-off')
}

/** Ten new recovery codes (a fresh code or the password); the old ones stop working. */
export async function regenerateRecoveryCodes(ctx: Ctx, userId: string, confirmation: string) {
  const user = requireSelf(ctx, userId)
  if (!(await isTwoStepEnabled(ctx.db, user.id))) throw new DomainError('TWO_STEP_NOT_ON')
  await confirmOwner(ctx, user.id, confirmation)
  return { recoveryCodes: await newRecoveryCodes(ctx.db, user.id, ctx.now) }
}

/** Abandons an enrolment that was not confirmed. */
export async function cancelTotpEnrolment(ctx: Ctx, userId: string) {
  const user = requireSelf(ctx, userId)
  await ctx.db.deleteFrom('user_totp').where('user_id', '=', user.id).where('confirmed_at', 'is', null).execute()
}
