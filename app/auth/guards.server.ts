import { redirect } from '@remix-run/node'
import { db } from '~/db/db.server'
import { readSession, type SessionUser } from './session.server'

/** The signed-in user, or null (also for an expired session). */
export async function getUser(request: Request): Promise<SessionUser | null> {
  const state = await readSession(db(), request)
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
export async function requireUser(request: Request): Promise<SessionUser> {
  const state = await readSession(db(), request)
  if (state.status === 'active') return state.user
  const redirectTo = encodeURIComponent(pathOf(request))
  if (state.status === 'expired') throw redirect(`/signout?reason=expired&redirectTo=${redirectTo}`)
  throw redirect(`/signin?redirectTo=${redirectTo}`)
}

/** The sign-in and sign-up screens send a signed-in user on. */
export async function requireAnonymous(request: Request, to = '/') {
  if (await getUser(request)) throw redirect(to)
}

/** JSON API: no valid session is 401 SESSION_NOT_FOUND. */
export async function requireApiUser(request: Request): Promise<SessionUser> {
  const state = await readSession(db(), request)
  if (state.status === 'active') return state.user
  throw Response.json({ message: 'SESSION_NOT_FOUND' }, { status: 401 })
}

/** The session of the request (for keep-alive and sign-out). */
export const sessionOf = (request: Request) => readSession(db(), request)
