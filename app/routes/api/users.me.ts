import { requireApiUser } from '~/auth/guards.server'
import { toCurrentUser } from '~/services/accounts/users.server'
import { apiRoute } from './api.server'
import type { CurrentUserAnswer } from './auth.openapi'
import type { Answer } from './openapi/operation'

const route = apiRoute({
  /** GET /api/users/me: the Current user (spec section 3). */
  GET: async ({ context }) => Response.json(toCurrentUser(await requireApiUser(context)) satisfies Answer<typeof CurrentUserAnswer>),
})

// Separate exports: Remix strips `loader` and `action` (and what only they use) from the browser build by name.
export const loader = route.loader
export const action = route.action
