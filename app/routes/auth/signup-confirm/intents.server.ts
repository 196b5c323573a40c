import { data, redirect } from '@remix-run/node'
import { z } from 'zod'
import { clearPending, readPending, type PendingSignUp } from '~/auth/sso/cookies.server'
import { destinationAfterSso, startSsoSession } from '~/auth/sso/complete.server'
import { revokeUnusedTokens } from '~/auth/sso/token-store.server'
import { DomainError, messageKey } from '~/errors'
import type { Ctx } from '~/services/context.server'
import { noticeSignIn } from '~/services/accounts/security-notices.server'
import { linkOrSecondStep } from '~/services/accounts/provider-links.server'
import { createSsoUser, sendSsoLink, type IdentityKey } from '~/services/accounts/user-identities.server'
import { redirectToSecondStep } from '~/auth/second-step-cookie.server'
import { findUserByEmail, signIn } from '~/services/accounts/users.server'
import { redirectWithToast } from '~/http/toast.server'

/** The forms of /signup/confirm; each gets the pending sign-up (its cookie is checked first). */
export const ConfirmSchema = z.object({
  name: z.string().trim().min(1, 'validation.required').max(100, 'validation.tooLong'),
  /** manuallyProvidedEmail: typed when the provider gives no verified email. */
  email: z.string().trim().toLowerCase().email('validation.email').max(254).optional(),
  locale: z.enum(['sv', 'en']).default('sv'),
  timezone: z.string().max(64).default('Europe/Stockholm'),
})
const ProveSchema = z.object({
  email: z.string().trim().toLowerCase().email('validation.email').optional(),
  password: z.string().max(128).optional(),
})

type Handler = (ctx: Ctx, request: Request, pending: PendingSignUp, form: FormData) => Promise<unknown>

const keyOf = (p: PendingSignUp): IdentityKey => ({ provider: p.provider, issuer: p.issuer, subject: p.subject, email: p.email })
const fail = (code: string, extra: object = {}) =>
  data({ error: { code, message: messageKey(code) }, ...extra }, { status: code === 'BAD_REQUEST' ? 400 : 409 })

/** Creates the account: with the provider's verified email at once; with a typed one after its link is opened. */
const create: Handler = async (ctx, request, pending, form) => {
  const parsed = ConfirmSchema.safeParse(Object.fromEntries(form))
  if (!parsed.success) return fail('BAD_REQUEST', { fields: parsed.error.flatten().fieldErrors })
  const email = pending.email ?? parsed.data.email
  if (!email) return fail('BAD_REQUEST', { fields: { email: ['validation.required'] } })
  // An existing account is linked only when its owner proves it: the page then asks for that.
  if (await findUserByEmail(ctx, email)) return data({ error: null, existing: email }, { status: 409 })
  const verified = pending.email === email
  try {
    const user = await createSsoUser(
      ctx,
      { ...keyOf(pending), email },
      { name: parsed.data.name, email, emailVerified: verified, locale: parsed.data.locale, timezone: parsed.data.timezone },
    )
    if (!verified) {
      await sendSsoLink(ctx, user, { ...keyOf(pending), email }, pending.post, pending.tokens)
      return redirect(`/signup/confirm?sent=${encodeURIComponent(email)}`, { headers: { 'Set-Cookie': await clearPending() } })
    }
    const cookies = await startSsoSession(ctx, request, user, pending.provider, pending.tokens)
    await noticeSignIn(ctx, user.id, request.headers.get('User-Agent'))
    return redirectWithToast(destinationAfterSso(pending.post), { key: 'sso.created', values: { name: user.name } }, cookies)
  } catch (error) {
    if (error instanceof DomainError && error.code === 'EMAIL_TAKEN') return data({ error: null, existing: email }, { status: 409 })
    if (error instanceof DomainError) return fail(error.code === 'SSO_IDENTITY_TAKEN' ? error.code : 'USER_CREATION_FAILED')
    throw error
  }
}

/**
 * Proves an existing account with its password (rate limited as any sign-in), then, as a password
 * sign-in, its second step when it has one (/signin/two-step links and signs in); else links and
 * signs in.
 */
const password: Handler = async (ctx, request, pending, form) => {
  const parsed = ProveSchema.safeParse(Object.fromEntries(form))
  if (!parsed.success || !parsed.data.password) return fail('BAD_REQUEST', { existing: parsed.data?.email ?? pending.email })
  const email = pending.email ?? parsed.data.email
  if (!email) return fail('BAD_REQUEST')
  try {
    const user = await signIn(ctx, { email, password: parsed.data.password })
    const link = { identity: { ...keyOf(pending), email }, post: pending.post, tokens: pending.tokens, mailboxProven: false }
    const { secondStep } = await linkOrSecondStep(ctx, user.id, link)
    if (secondStep) return redirectToSecondStep(secondStep, [await clearPending()])
    const cookies = await startSsoSession(ctx, request, user, pending.provider, pending.tokens)
    await noticeSignIn(ctx, user.id, request.headers.get('User-Agent'))
    return redirectWithToast(destinationAfterSso(pending.post), { key: 'sso.linked' }, cookies)
  } catch (error) {
    if (error instanceof DomainError)
      return data(
        { error: { code: error.code, message: messageKey(error.code), ...error.data }, existing: email },
        { status: error.status },
      )
    throw error
  }
}

/** Proves an existing account by an emailed link (the same answer whether the mail goes out or not). */
const emailLink: Handler = async (ctx, _request, pending, form) => {
  const parsed = ProveSchema.safeParse(Object.fromEntries(form))
  const email = pending.email ?? parsed.data?.email
  if (!email) return fail('BAD_REQUEST')
  const user = await findUserByEmail(ctx, email)
  if (user) await sendSsoLink(ctx, user, { ...keyOf(pending), email }, pending.post, pending.tokens)
  return redirect(`/signup/confirm?sent=${encodeURIComponent(email)}`, { headers: { 'Set-Cookie': await clearPending() } })
}

/** Ends the pending sign-up: the provider's refresh token of that round trip is revoked. */
const cancel: Handler = async (_ctx, _request, pending) => {
  await revokeUnusedTokens(pending.provider, pending.tokens)
  return redirect('/signin', { headers: { 'Set-Cookie': await clearPending() } })
}

export const INTENTS: Record<string, Handler> = { create, password, emailLink, cancel }

export async function pendingOrSignIn(request: Request) {
  const pending = await readPending(request)
  if (!pending) throw redirect('/signin?ssoError=SSO_STATE_MISMATCH')
  return pending
}
