import { createScimUser, listScimUsers } from '~/services/directory/users.server'
import { scimRoute } from './scim.server'

/** GET /scim/v2/Users (filter, paging) and POST (201 with Location). */
const route = scimRoute({
  GET: async ({ request, ctx }) => ({ body: await listScimUsers(ctx, new URL(request.url).searchParams) }),
  POST: async ({ ctx, body }) => {
    const user = await createScimUser(ctx, await body())
    return { status: 201, body: user, location: user.meta.location }
  },
})
export const loader = route.loader
export const action = route.action
