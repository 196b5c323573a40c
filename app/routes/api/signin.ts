import { SignInPayload } from '~/auth/schemas'
import { createSession, destroySession, ssoMethod } from '~/auth/session.server'
import { bearerOf } from '~/auth/sso/bearer.server'
import { detectLocale } from '~/i18n/i18n.server'
import { ssoApiSignIn, SsoSignInPayload } from '~/services/accounts/sso-api-signin.server'
import { ctxFor } from '~/services/context.server'
import { noticeSignIn } from '~/services/accounts/security-notices.server'
import { signIn, toCurrentUser } from '~/services/accounts/users.server'
import { secondStepFor } from '~/services/two-step/second-step.server'
import { DomainError } from '~/errors'
import { apiCall, apiRoute, readJson } from './api.server'
import type { Answer } from './openapi/operation'
import type { SignInAnswer } from './auth.openapi'

const route = apiRoute({
  /**
   * POST /api/v2/signin: sets the session cookie and answers with the current user. With
   * `Authorization: Bearer <ID token>` it is the single sign-on (the SSO fields, docs/sso.md).
   */
  POST: async ({ request, context }) => {
    const ctx = ctxFor(null, context)
    const token = bearerOf(request.headers.get('Authorization'))
    let cookie = ''
    const response = await apiCall<Answer<typeof SignInAnswer>>(async () => {
      if (token) {
        const { user, redirectTo, provider } = await ssoApiSignIn(
          ctx,
          token,
          await readJson(request, SsoSignInPayload),
          await detectLocale(request),
        )
        await destroySession(ctx.db, request)
        cookie = await createSession(ctx.db, user.id, ssoMethod(provider), { now: ctx.now, userAgent: request.headers.get('User-Agent') })
        await noticeSignIn(ctx, user.id, request.headers.get('User-Agent'))
        return redirectTo ? { ...toCurrentUser(user), redirectTo } : toCurrentUser(user)
      }
      const user = await signIn(ctx, await readJson(request, SignInPayload))
      // Two-step verification on: no session, a token for POST /api/v2/signin/second-factor.
      const secondStep = await secondStepFor(ctx, user.id)
      if (secondStep) throw new DomainError('SECOND_FACTOR_REQUIRED', { token: secondStep })
      await destroySession(ctx.db, request)
      cookie = await createSession(ctx.db, user.id, 'password', { now: ctx.now, userAgent: request.headers.get('User-Agent') })
      await noticeSignIn(ctx, user.id, request.headers.get('User-Agent'))
      return toCurrentUser(user)
    })
    if (cookie) response.headers.append('Set-Cookie', cookie)
    return response
  },
})

// Separate exports: Remix strips `loader` and `action` (and what only they use) from the browser build by name.
export const loader = route.loader
export const action = route.action
