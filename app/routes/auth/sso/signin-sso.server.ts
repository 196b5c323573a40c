import { redirect } from '@remix-run/node'
import { safeRedirect } from '~/auth/schemas'
import { lastProvider } from '~/auth/sso/cookies.server'
import { isErrorCode } from '~/errors'
import { providerLinks } from './providers.server'

/**
 * The guard on /signin (spec section 2): a user whose last sign-in provider is the municipal
 * e-identity goes to /signin/sei with redirectTo. `?other=1` (its "another way" link) stays.
 */
export async function eidGuard(request: Request) {
  const url = new URL(request.url)
  if (url.searchParams.get('other') === '1' || url.searchParams.has('ssoError')) return
  if ((await lastProvider(request)) !== 'seiLinkopingKommun') return
  const params = new URLSearchParams()
  params.set('redirectTo', safeRedirect(url.searchParams.get('redirectTo')))
  throw redirect(`/signin/sei?${params}`)
}

/** The sign-in screen's SSO part: the configured providers and the reason of a failed round trip. */
export function ssoSignInData(url: URL) {
  const error = url.searchParams.get('ssoError')
  return { providers: providerLinks(), ssoError: isErrorCode(error) ? error : null }
}
