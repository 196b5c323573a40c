import { requireApiUser } from '~/auth/guards.server'
import { ctxFor } from '~/services/context.server'
import { listAllGroups } from '~/services/groups/groups.server'
import { apiCall, apiRoute } from '../api.server'
import type { Answer } from '../openapi/operation'
import type { GroupListAnswer } from './organizations.openapi'

const route = apiRoute({
  /** GET /api/v1/organizations/{id}/groups: every group of the organization (spec section 7). */
  GET: ({ params, context }) =>
    apiCall<Answer<typeof GroupListAnswer>>(async () =>
      listAllGroups(ctxFor(await requireApiUser(context), context), params.organizationId!),
    ),
})

// Separate exports: Remix strips `loader` and `action` (and what only they use) from the browser build by name.
export const loader = route.loader
export const action = route.action
