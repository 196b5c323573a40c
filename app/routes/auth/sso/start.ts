import { redirect, type LoaderFunctionArgs } from '@remix-run/node'
import { authenticateWith } from '~/auth/sso/strategy.server'
import { DomainError } from '~/errors'
import { failurePage } from './failure.server'

/**
 * GET /signin/sso/:provider?redirectTo=&invitation=&intent=link: the browser's way to the
 * provider. It changes nothing here: it sets the flow cookie (state, nonce, PKCE, post-SSO
 * parameters) and redirects. A provider that is down sends the user back with the reason.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  try {
    await authenticateWith(params.provider!, request)
  } catch (error) {
    if (error instanceof Response) throw error
    if (error instanceof DomainError) throw await failurePage(error, params.provider!)
    throw error
  }
  throw redirect('/signin')
}
