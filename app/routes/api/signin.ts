import type { ActionFunctionArgs } from '@remix-run/node'
import { SignInPayload } from '~/auth/schemas'
import { createSession, destroySession } from '~/auth/session.server'
import { ctxFor } from '~/services/context.server'
import { signIn, toCurrentUser } from '~/services/users.server'
import { apiCall, readJson } from './api.server'

/** POST /api/v2/signin: sets the session cookie and answers with the current user. */
export async function action({ request, context }: ActionFunctionArgs) {
  const ctx = ctxFor(null, context)
  let cookie = ''
  const response = await apiCall(async () => {
    const user = await signIn(ctx, await readJson(request, SignInPayload))
    await destroySession(ctx.db, request)
    cookie = await createSession(ctx.db, user.id, ctx.now)
    return toCurrentUser(user)
  })
  if (cookie) response.headers.append('Set-Cookie', cookie)
  return response
}
