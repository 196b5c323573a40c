import { requireApiUser } from '~/auth/guards.server'
import { ctxFor } from '~/services/context.server'
import { revokeDirectoryToken } from '~/services/directory/tokens.server'
import { apiCall, apiRoute } from '../api.server'

const route = apiRoute({
  /** DELETE /api/v1/organizations/{id}/scim-tokens/{tokenId}: revokes the token (admins only); 204. */
  DELETE: ({ params, context }) =>
    apiCall(async () => {
      const actor = await requireApiUser(context)
      await revokeDirectoryToken(ctxFor(actor, context), params.organizationId!, params.tokenId!)
      return new Response(null, { status: 204 })
    }),
})

// Separate exports: Remix strips `loader` and `action` (and what only they use) from the browser build by name.
export const loader = route.loader
export const action = route.action
