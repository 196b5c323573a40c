import { redirect } from '@remix-run/node'
import { DomainError } from '~/errors'
import type { Ctx } from '~/services/context.server'
import { linkProvisionedAccount } from '~/services/directory/provisioned-sso.server'
import { noticeSignIn } from '~/services/accounts/security-notices.server'
import { linkProven } from '~/services/accounts/provider-links.server'
import { findIdentity, userOfIdentity, type IdentityKey } from '~/services/accounts/user-identities.server'
import { redirectToSecondStep } from '~/auth/second-step-cookie.server'
import { hasRecentProof, recordProof } from '~/services/accounts/recent-proof.server'
import { reauthUrl } from '~/auth/reauth-url'
import { builtPath } from '~/ui/layout/screens'
import { redirectWithToast } from '~/http/toast.server'
import { writePending } from '~/auth/sso/cookies.server'
import { destinationAfterSso, startSsoSession } from '~/auth/sso/complete.server'
import type { SsoResult } from '~/auth/sso/strategy.server'

/** The provider account's key and what the user may see of it (never the personal identity number). */
export function identityOf(result: SsoResult): IdentityKey & { name: string; emailVerified: boolean } {
  const { claims, flow } = result
  const email = typeof claims.email === 'string' ? claims.email.toLowerCase() : null
  const name = [claims.name, [claims.given_name, claims.family_name].filter(Boolean).join(' ')].find(
    (n) => typeof n === 'string' && n.trim(),
  ) as string | undefined
  return {
    provider: flow.provider,
    issuer: claims.iss,
    subject: claims.sub,
    email,
    emailVerified: !!email && claims.email_verified === true,
    name: name?.trim() ?? '',
  }
}

/**
 * "Confirm it's you" through the provider (intent=reauth, from /confirm-identity): the provider
 * account must be one linked to the signed-in user; then the session has its recent proof and
 * the user goes back. Another provider account proves nothing: back to the page, with the reason.
 */
async function confirmWithProvider(ctx: Ctx, result: SsoResult, key: IdentityKey) {
  const headers = [result.clearFlowCookie]
  if (!ctx.actor) throw new DomainError('SESSION_NOT_FOUND')
  const back = builtPath(result.flow.post.redirectTo || '/') ?? '/'
  const linked = await findIdentity(ctx, key.issuer, key.subject)
  if (linked?.user_id !== ctx.actor.id) return redirectWithToast(reauthUrl(back), { key: 'reauth.otherAccount', type: 'error' }, headers)
  // Only a browser's own session records a proof (recent-proof.server.ts).
  if (!(await recordProof(ctx))) throw new DomainError('SESSION_NOT_FOUND')
  return redirectWithToast(back, { key: 'reauth.confirmed' }, headers)
}

/**
 * After a successful round trip: link (intent=link, signed in, with a recent proof; the owner is
 * told), confirm it's them (intent=reauth), sign in a linked account (or the account a directory
 * provisioned for the provider's verified email: provisioned-sso.server.ts, which asks for the
 * account's second step first when it has one), or send a new provider account to /signup/confirm
 * (its claims in an encrypted cookie, nothing stored).
 */
export async function completeSso(ctx: Ctx, request: Request, result: SsoResult) {
  const identity = identityOf(result)
  const key: IdentityKey = { provider: identity.provider, issuer: identity.issuer, subject: identity.subject, email: identity.email }
  const headers = [result.clearFlowCookie]
  if (result.flow.intent === 'link') {
    if (!ctx.actor) throw new DomainError('SESSION_NOT_FOUND')
    const back = builtPath(result.flow.post.redirectTo || `/users/${ctx.actor.id}/preferences/security`) ?? '/'
    // Linking is a security change: the proof may have grown old during the round trip (recent-proof.server.ts).
    if (!(await hasRecentProof(ctx))) return redirectWithToast(reauthUrl(back), { key: 'errors.REAUTH_REQUIRED', type: 'error' }, headers)
    await linkProven(ctx, ctx.actor.id, { identity: key, mailboxProven: false })
    return redirectWithToast(back, { key: 'sso.linked' }, headers)
  }
  if (result.flow.intent === 'reauth') return confirmWithProvider(ctx, result, key)
  // A linked account, or the account an organization's directory provisioned for this verified email.
  const linked = await userOfIdentity(ctx, identity.issuer, identity.subject)
  const provisioned = linked
    ? null
    : await linkProvisionedAccount(ctx, key, identity.emailVerified, { post: result.flow.post, tokens: result.tokens })
  if (provisioned?.secondStep) return redirectToSecondStep(provisioned.secondStep, headers)
  const user = linked ?? provisioned?.user
  if (user) {
    if (!user.email_verified_at) throw new DomainError('VERIFICATION_REQUIRED', { post: result.flow.post })
    const cookies = await startSsoSession(ctx, request, user, identity.provider, result.tokens)
    await noticeSignIn(ctx, user.id, request.headers.get('User-Agent'))
    return redirectWithToast(destinationAfterSso(result.flow.post), { key: 'signin.welcome', values: { name: user.name } }, [
      ...headers,
      ...cookies,
    ])
  }
  const pending = await writePending({
    provider: identity.provider,
    issuer: identity.issuer,
    subject: identity.subject,
    name: identity.name,
    email: identity.emailVerified ? identity.email : null,
    // The access token is the browser's business (Bearer); the cookie keeps what the session needs.
    tokens: { ...result.tokens, accessToken: '' },
    post: result.flow.post,
  })
  const response = redirect('/signup/confirm')
  for (const h of [...headers, pending]) response.headers.append('Set-Cookie', h)
  return response
}
