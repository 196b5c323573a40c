import type { ActionFunctionArgs } from '@remix-run/node'
import { TokenPayload } from '~/auth/schemas'
import { ctxFor } from '~/services/context.server'
import { verifyEmail } from '~/services/users.server'
import { apiCall, readJson } from './api.server'

/** POST /api/verify-email: answers VERIFY_SIGNIN_REQUIRED; the user then signs in. */
export async function action({ request, context }: ActionFunctionArgs) {
  return apiCall(async () => {
    const { message, email } = await verifyEmail(ctxFor(null, context), (await readJson(request, TokenPayload)).token)
    return { message, email }
  })
}
