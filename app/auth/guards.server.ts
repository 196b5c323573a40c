import { redirect, type AppLoadContext } from '@remix-run/node'
import { errorResponse } from '~/errors'
import type { SessionState, SessionUser } from './session.server'

/**
 * Guards read the session once per request, through the load context (see
 * app/load-context.server.ts): every loader and action of a request shares the answer.
 */

/** The signed-in user, or null (also for an expired session). */
export async function getUser(context: AppLoadContext): Promise<SessionUser | null> {
  const state = await context.session()
  return state.status === 'active' ? state.user : null
}

function pathOf(request: Request) {
  const url = new URL(request.url)
  return `${url.pathname}${url.search}`
}

/**
 * Pages: a signed-out visitor goes to /signin?redirectTo=<path>; a request whose session has
 * expired or is unknown (SESSION_NOT_FOUND) goes to /signout, which ends it and then signs in.
 */
export async function requireUser(request: Request, context: AppLoadContext): Promise<SessionUser> {
  const state = await context.session()
  if (state.status === 'active') return state.user
  const redirectTo = encodeURIComponent(pathOf(request))
  if (state.status === 'expired') throw redirect(`/signout?reason=expired&redirectTo=${redirectTo}`)
  throw redirect(`/signin?redirectTo=${redirectTo}`)
}

/** The sign-in and sign-up screens send a signed-in user on. */
export async function requireAnonymous(context: AppLoadContext, to = '/') {
  if (await getUser(context)) throw redirect(to)
}

/** JSON API: no valid session is 401 SESSION_NOT_FOUND. */
export async function requireApiUser(context: AppLoadContext): Promise<SessionUser> {
  const state = await context.session()
  if (state.status === 'active') return state.user
  throw errorResponse('SESSION_NOT_FOUND')
}

/** The session of the request (for keep-alive and sign-out). */
export const sessionOf = (context: AppLoadContext): Promise<SessionState> => context.session()

/** The hashed id of the request's session while it is active (to mark or spare "this device"), else null. */
export async function currentSessionHashOf(context: AppLoadContext) {
  const state = await sessionOf(context)
  return state.status === 'active' ? state.idHash : null
}
