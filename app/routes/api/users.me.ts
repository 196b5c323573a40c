import { requireApiUser } from '~/auth/guards.server'
import { toCurrentUser } from '~/services/users.server'
import { apiRoute } from './api.server'

export const { loader, action } = apiRoute({
  /** GET /api/users/me: the Current user (spec section 3). */
  GET: async ({ context }) => Response.json(toCurrentUser(await requireApiUser(context))),
})
