import { deleteScimGroup, getScimGroup, patchScimGroup, replaceScimGroup } from '~/services/directory/groups.server'
import { scimRoute } from './scim.server'

/** GET, PUT, PATCH and DELETE /scim/v2/Groups/:id. */
const route = scimRoute({
  GET: async ({ request, params, ctx }) => ({ body: await getScimGroup(ctx, params.id!, new URL(request.url).searchParams) }),
  PUT: async ({ params, ctx, body }) => ({ body: await replaceScimGroup(ctx, params.id!, await body()) }),
  PATCH: async ({ params, ctx, body }) => ({ body: await patchScimGroup(ctx, params.id!, await body()) }),
  DELETE: async ({ params, ctx }) => {
    await deleteScimGroup(ctx, params.id!)
    return { status: 204 }
  },
})
export const loader = route.loader
export const action = route.action
