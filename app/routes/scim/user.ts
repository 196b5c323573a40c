import { deleteScimUser, getScimUser, patchScimUser, replaceScimUser } from '~/services/directory/users.server'
import { scimRoute } from './scim.server'

/** GET, PUT, PATCH and DELETE /scim/v2/Users/:id. */
const route = scimRoute({
  GET: async ({ params, ctx }) => ({ body: await getScimUser(ctx, params.id!) }),
  PUT: async ({ params, ctx, body }) => ({ body: await replaceScimUser(ctx, params.id!, await body()) }),
  PATCH: async ({ params, ctx, body }) => ({ body: await patchScimUser(ctx, params.id!, await body()) }),
  DELETE: async ({ params, ctx }) => {
    await deleteScimUser(ctx, params.id!)
    return { status: 204 }
  },
})
export const loader = route.loader
export const action = route.action
