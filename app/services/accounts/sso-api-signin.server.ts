import { z } from 'zod'
import { DomainError } from '~/errors'
import type { Locale } from '~/i18n/config'
import type { Ctx } from '../context.server'
import { createSsoUser, sendSsoLink, userOfIdentity, type IdentityKey } from './user-identities.server'
import { findUserByEmail } from './users.server'
import { linkProvisionedAccount } from '../directory/provisioned-sso.server'
import { verifyBearer } from '~/auth/sso/bearer.server'
import { destinationAfterSso } from '~/auth/sso/complete.server'

/** POST /api/v2/signin with a Bearer ID token: the SSO fields of section 7. */
export const SsoSignInPayload = z.object({
  /** Only ask: NO_USER when the provider account has no user yet, instead of creating one. */
  checkUserExist: z.boolean().optional(),
  /** An invitation code or a link of ours, applied after sign-in (answered as redirectTo). */
  invitation: z.string().trim().max(200).optional(),
  /** The email to use when the provider gives no verified one; proven by an emailed link. */
  manuallyProvidedEmail: z.string().trim().toLowerCase().email('validation.email').max(254).optional(),
  environment: z.string().max(100).optional(),
  userAgent: z.string().max(500).optional(),
})
export type SsoSignInInput = z.infer<typeof SsoSignInPayload>

/**
 * Signs in (or up) the owner of a provider's ID token. Answers the user, or throws NO_USER
 * (checkUserExist and no user), SECOND_FACTOR_REQUIRED with a token (a provisioned account with
 * two-step on, not linked yet: provisioned-sso.server.ts), VERIFICATION_REQUIRED (the email must be proven first: a link was
 * sent), USER_CREATION_FAILED (no usable email), SSO_TOKEN_INVALID (bad token, 401). `locale` is the
 * language a new account starts with (the route detects it from the request).
 */
export async function ssoApiSignIn(ctx: Ctx, token: string, input: SsoSignInInput, locale: Locale) {
  const { provider, claims } = await verifyBearer(token, 'id_token')
  const post = { redirectTo: '', invitation: input.invitation ?? '' }
  const redirectTo = input.invitation ? destinationAfterSso(post) : undefined
  const known = await userOfIdentity(ctx, claims.iss, claims.sub)
  if (known) {
    if (!known.email_verified_at) throw new DomainError('VERIFICATION_REQUIRED', { email: known.email })
    return { user: known, redirectTo, provider: provider.id }
  }
  const providerEmail = typeof claims.email === 'string' && claims.email_verified === true ? claims.email.toLowerCase() : null
  // The account an organization's directory provisioned for the provider's verified email (docs/directory-sync.md): it exists.
  const provisioned =
    providerEmail === null
      ? null
      : await linkProvisionedAccount(ctx, { provider: provider.id, issuer: claims.iss, subject: claims.sub, email: providerEmail }, true, {
          post,
          tokens: null,
        })
  // Two-step on: nothing linked yet; POST /api/v2/signin/second-factor with this token links and signs in.
  if (provisioned?.secondStep) throw new DomainError('SECOND_FACTOR_REQUIRED', { token: provisioned.secondStep })
  if (provisioned) return { user: provisioned.user, redirectTo, provider: provider.id }
  if (input.checkUserExist) throw new DomainError('NO_USER')
  const email = providerEmail ?? input.manuallyProvidedEmail ?? null
  if (!email) throw new DomainError('USER_CREATION_FAILED')
  const key: IdentityKey = { provider: provider.id, issuer: claims.iss, subject: claims.sub, email }
  const existing = await findUserByEmail(ctx, email)
  if (existing) {
    // Linked only once its owner proves it: the link goes to the account's address.
    await sendSsoLink(ctx, existing, key, post, null)
    throw new DomainError('VERIFICATION_REQUIRED', { email })
  }
  const name = (typeof claims.name === 'string' && claims.name.trim()) || email.split('@')[0]!
  let user
  try {
    user = await createSsoUser(ctx, key, { name, email, emailVerified: email === providerEmail, locale, timezone: 'Europe/Stockholm' })
  } catch (error) {
    if (error instanceof DomainError) throw new DomainError('USER_CREATION_FAILED')
    throw error
  }
  if (!user.email_verified_at) {
    await sendSsoLink(ctx, user, key, post, null)
    throw new DomainError('VERIFICATION_REQUIRED', { email })
  }
  return { user, redirectTo, provider: provider.id }
}
