import { sessionOf } from '~/auth/guards.server'
import { destroySession } from '~/auth/session.server'
import { db } from '~/db/db.server'
import { errorResponse } from '~/errors'
import { apiRoute } from './api.server'
import type { SignOutAnswer } from './auth.openapi'
import type { Answer } from './openapi/operation'
import { endProviderSession } from '../auth/sso/signout-sso.server'

const route = apiRoute({
  /** POST /api/signout: revokes the session; without one, 401 (which counts as signed out). */
  POST: async ({ request, context }) => {
    const active = (await sessionOf(context)).status === 'active'
    // An SSO session: the refresh token is revoked here; the client goes on to endSessionUrl (or logs off locally).
    const { endSessionUrl } = await endProviderSession(context)
    const cookie = await destroySession(db(), request)
    const headers = { 'Set-Cookie': cookie }
    if (!active) return errorResponse('SESSION_NOT_FOUND', { headers })
    return Response.json((endSessionUrl ? { endSessionUrl } : {}) satisfies Answer<typeof SignOutAnswer>, { headers })
  },
})

// Separate exports: Remix strips `loader` and `action` (and what only they use) from the browser build by name.
export const loader = route.loader
export const action = route.action
