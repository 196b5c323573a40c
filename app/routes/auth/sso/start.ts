import { redirect, type LoaderFunctionArgs } from '@remix-run/node'
import { authenticateWith } from '~/auth/sso/strategy.server'
import { getUser } from '~/auth/guards.server'
import { reauthUrl } from '~/auth/reauth-url'
import { DomainError } from '~/errors'
import { hasRecentProof } from '~/services/accounts/recent-proof.server'
import { ctxFor } from '~/services/context.server'
import { failurePage } from './failure.server'

/**
 * GET /signin/sso/:provider?redirectTo=&invitation=&intent=link|reauth: the browser's way to the
 * provider. It changes nothing here: it sets the flow cookie (state, nonce, PKCE, post-SSO
 * parameters) and redirects. A provider that is down sends the user back with the reason.
 * Linking is a security change: a signed-in user without a recent proof confirms it's them first
 * (/confirm-identity), and comes back here to go on.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const url = new URL(request.url)
  const user = url.searchParams.get('intent') === 'link' ? await getUser(context) : null
  if (user && !(await hasRecentProof(ctxFor(user, context)))) throw redirect(reauthUrl(`${url.pathname}${url.search}`))
  try {
    await authenticateWith(params.provider!, request)
  } catch (error) {
    if (error instanceof Response) throw error
    if (error instanceof DomainError) throw await failurePage(error, params.provider!)
    throw error
  }
  throw redirect('/signin')
}
