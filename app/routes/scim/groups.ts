import { createScimGroup, listScimGroups } from '~/services/directory/groups.server'
import { scimRoute } from './scim.server'

/** GET /scim/v2/Groups (filter, paging, excludedAttributes=members) and POST (201 with Location). */
const route = scimRoute({
  GET: async ({ request, ctx }) => ({ body: await listScimGroups(ctx, new URL(request.url).searchParams) }),
  POST: async ({ ctx, body }) => {
    const group = await createScimGroup(ctx, await body())
    return { status: 201, body: group, location: group.meta.location }
  },
})
export const loader = route.loader
export const action = route.action
