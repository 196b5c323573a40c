import { requireApiUser } from '~/auth/guards.server'
import { ctxFor } from '~/services/context.server'
import { listAllGroups } from '~/services/groups.server'
import { apiCall, apiRoute } from '../api.server'

export const { loader, action } = apiRoute({
  /** GET /api/v1/organizations/{id}/groups: every group of the organization (spec section 7). */
  GET: ({ params, context }) => apiCall(async () => listAllGroups(ctxFor(await requireApiUser(context), context), params.organizationId!)),
})
