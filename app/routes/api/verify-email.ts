import type { ActionFunctionArgs } from '@remix-run/node'
import { TokenPayload } from '~/auth/schemas'
import { ctxFor } from '~/services/context.server'
import { signInTargetAfterSignUp } from '~/services/invitations.server'
import { verifyEmail } from '~/services/users.server'
import { apiCall, readJson } from './api.server'

/**
 * POST /api/verify-email: answers VERIFY_SIGNIN_REQUIRED; the user then signs in. After a sign-up
 * with an invitation code, the code is redeemed now and `signinAt` is the sign-in target that
 * leads to its group or organization (or to /invitation-code with the code, if it failed).
 */
export async function action({ request, context }: ActionFunctionArgs) {
  return apiCall(async () => {
    const ctx = ctxFor(null, context)
    const { message, email, userId, invitationCode } = await verifyEmail(ctx, (await readJson(request, TokenPayload)).token)
    if (!invitationCode) return { message, email }
    const target = await signInTargetAfterSignUp(ctx, userId, invitationCode)
    return { message, email, signinAt: `/signin?email=${encodeURIComponent(email)}&redirectTo=${encodeURIComponent(target)}` }
  })
}
