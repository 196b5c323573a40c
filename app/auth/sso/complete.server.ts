import { createSession, destroySession, sessionCookie, ssoMethod } from '~/auth/session.server'
import { safeRedirect } from '~/auth/schemas'
import type { User } from '~/db/schema'
import { localeCookie } from '~/i18n/i18n.server'
import type { Ctx } from '~/services/context.server'
import { hashSecret } from '~/utils/ids.server'
import { isWellFormedCode } from '~/utils/invitation-code'
import type { ProviderId } from './config.server'
import { clearPending, rememberProvider, type PostSso } from './cookies.server'
import type { ProviderTokens } from './oidc.server'
import { saveSsoSession } from './token-store.server'

/** Where a signed-in SSO user goes: an invitation code is confirmed first, else redirectTo, else /. */
export function destinationAfterSso(post: PostSso | null | undefined) {
  const code = (post?.invitation ?? '').trim().toUpperCase()
  const redirectTo = safeRedirect(post?.redirectTo, '')
  if (isWellFormedCode(code)) {
    const params = new URLSearchParams({ code })
    if (redirectTo) params.set('redirectTo', redirectTo)
    return `/invitation-code?${params}`
  }
  // An invitation link is a path of ours (e.g. /library/packages/accept-share-link?...).
  if (post?.invitation?.startsWith('/')) return safeRedirect(post.invitation)
  return redirectTo || '/'
}

/**
 * Starts the product's session for an SSO user: a fresh session, the provider's tokens kept
 * encrypted beside it (none for a link sent before they were kept with it), the provider cookie
 * (spec section 3) and the user's locale. Returns the Set-Cookie values.
 */
export async function startSsoSession(ctx: Ctx, request: Request, user: User, provider: ProviderId, tokens: ProviderTokens | null) {
  await destroySession(ctx.db, request)
  const cookie = await createSession(ctx.db, user.id, ssoMethod(provider), { now: ctx.now, userAgent: request.headers.get('User-Agent') })
  const id = (await sessionCookie().parse(cookie.split(';')[0]!)) as string
  if (tokens) await saveSsoSession(ctx.db, hashSecret(id), provider, tokens, ctx.now)
  return [cookie, await rememberProvider(provider), await localeCookie.serialize(user.locale), await clearPending()]
}
