import type { ActionFunctionArgs } from '@remix-run/node'
import { TokenPayload } from '~/auth/schemas'
import { ctxFor } from '~/services/context.server'
import { verifyEmail } from '~/services/users.server'
import { apiCall, readJson } from './api.server'

/**
 * POST /api/verify-email: answers VERIFY_SIGNIN_REQUIRED; the user then signs in. When sign-in
 * should lead somewhere (after a sign-up with an invitation code: /invitation-code, where the
 * signed-in user confirms joining; nothing is joined here), `signinAt` is that sign-in URL.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  return apiCall(async () => {
    const { message, email, redirectTo } = await verifyEmail(ctxFor(null, context), (await readJson(request, TokenPayload)).token)
    if (!redirectTo) return { message, email }
    return { message, email, signinAt: `/signin?email=${encodeURIComponent(email)}&redirectTo=${encodeURIComponent(redirectTo)}` }
  })
}
