import { TokenPayload } from '~/auth/schemas'
import { ctxFor } from '~/services/context.server'
import { verifyEmail } from '~/services/accounts/users.server'
import { apiCall, apiRoute, readJson } from './api.server'
import type { Answer } from './openapi/operation'
import type { VerifiedEmailAnswer } from './auth.openapi'

const route = apiRoute({
  /**
   * POST /api/verify-email: answers VERIFY_SIGNIN_REQUIRED; the user then signs in. When sign-in
   * should lead somewhere (after a sign-up with an invitation code: /invitation-code, where the
   * signed-in user confirms joining; nothing is joined here), `signinAt` is that sign-in URL.
   */
  POST: ({ request, context }) =>
    apiCall<Answer<typeof VerifiedEmailAnswer>>(async () => {
      const { message, email, redirectTo } = await verifyEmail(ctxFor(null, context), (await readJson(request, TokenPayload)).token)
      if (!redirectTo) return { message, email }
      return { message, email, signinAt: `/signin?email=${encodeURIComponent(email)}&redirectTo=${encodeURIComponent(redirectTo)}` }
    }),
})

// Separate exports: Remix strips `loader` and `action` (and what only they use) from the browser build by name.
export const loader = route.loader
export const action = route.action
