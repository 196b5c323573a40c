import { createSession, destroySession, ssoMethod } from '~/auth/session.server'
import { ctxFor } from '~/services/context.server'
import { noticeSignIn } from '~/services/accounts/security-notices.server'
import { completeSecondStep } from '~/services/two-step/second-step.server'
import { linkAfterSecondStep } from '~/services/accounts/provider-links.server'
import { toCurrentUser } from '~/services/accounts/users.server'
import { apiCall, apiRoute, readJson } from './api.server'
import { SecondFactorPayload } from './signin-second-factor.schemas'
import type { Answer } from './openapi/operation'
import type { CurrentUserAnswer } from './auth.openapi'

const route = apiRoute({
  /**
   * POST /api/v2/signin/second-factor { token, code }: the second step of a password sign-in
   * (docs/auth.md). `token` is the one POST /api/v2/signin answered with SECOND_FACTOR_REQUIRED;
   * `code` a code of the authenticator app or a recovery code. Sets the session cookie and
   * answers the current user; a wrong code is 400 CODE_INVALID, too many 429 TOO_MANY_ATTEMPTS,
   * an expired or used token 400 TOKEN_EXPIRED / TOKEN_USED. A token of the single sign-on (an
   * account a directory provisioned, not linked yet) links the provider account first: the session
   * is then that provider's, as the Bearer sign-in's.
   */
  POST: async ({ request, context }) => {
    const ctx = ctxFor(null, context)
    let cookie = ''
    const response = await apiCall<Answer<typeof CurrentUserAnswer>>(async () => {
      const { token, code } = await readJson(request, SecondFactorPayload)
      const { user, link } = await completeSecondStep(ctx, token, code)
      const linked = await linkAfterSecondStep(ctx, user.id, link)
      await destroySession(ctx.db, request)
      const method = linked ? ssoMethod(linked.identity.provider) : 'two-step'
      cookie = await createSession(ctx.db, user.id, method, { now: ctx.now, userAgent: request.headers.get('User-Agent') })
      await noticeSignIn(ctx, user.id, request.headers.get('User-Agent'))
      return toCurrentUser(user)
    })
    if (cookie) response.headers.append('Set-Cookie', cookie)
    return response
  },
})

export const loader = route.loader
export const action = route.action
