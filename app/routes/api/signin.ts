import { SignInPayload } from '~/auth/schemas'
import { createSession, destroySession } from '~/auth/session.server'
import { ctxFor } from '~/services/context.server'
import { signIn, toCurrentUser } from '~/services/users.server'
import { apiCall, apiRoute, readJson } from './api.server'

const route = apiRoute({
  /** POST /api/v2/signin: sets the session cookie and answers with the current user. */
  POST: async ({ request, context }) => {
    const ctx = ctxFor(null, context)
    let cookie = ''
    const response = await apiCall(async () => {
      const user = await signIn(ctx, await readJson(request, SignInPayload))
      await destroySession(ctx.db, request)
      cookie = await createSession(ctx.db, user.id, ctx.now, request.headers.get('User-Agent'))
      return toCurrentUser(user)
    })
    if (cookie) response.headers.append('Set-Cookie', cookie)
    return response
  },
})

// Separate exports: Remix strips `loader` and `action` (and what only they use) from the browser build by name.
export const loader = route.loader
export const action = route.action
