import { redirect, type LoaderFunctionArgs } from '@remix-run/node'
import { getUser } from '~/auth/guards.server'
import { completeSso } from './complete-callback.server'
import { authenticateWith } from '~/auth/sso/strategy.server'
import { DomainError } from '~/errors'
import { ctxFor } from '~/services/context.server'
import { failurePage } from './failure.server'

/**
 * GET /signin/sso/:provider/callback: the provider's answer. A linked account signs in; a new one
 * goes to /signup/confirm; `intent=link` links the provider account to the signed-in user.
 * Every failure goes back to /signin with its reason (failure.server.ts).
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  try {
    const result = await authenticateWith(params.provider!, request)
    return await completeSso(ctxFor(await getUser(context), context), request, result)
  } catch (error) {
    if (error instanceof Response) throw error
    if (error instanceof DomainError) throw await failurePage(error, params.provider!)
    throw error
  }
}

export const action = () => redirect('/signin')
