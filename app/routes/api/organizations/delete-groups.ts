import { requireApiUser } from '~/auth/guards.server'
import { ctxFor } from '~/services/context.server'
import { GroupIdsBodySchema } from '~/services/groups/groups.schemas'
import { deleteGroups } from '~/services/groups/group-bulk.server'
import { apiCall, apiRoute, readJson } from '../api.server'
import type { Answer, ItemResultsAnswer } from '../openapi/operation'

const route = apiRoute({
  /** POST /api/v1/organizations/{id}/delete-groups with a list of group ids: per-item results. */
  POST: ({ request, params, context }) =>
    apiCall<Answer<typeof ItemResultsAnswer>>(async () => {
      const actor = await requireApiUser(context)
      const groupIds = await readJson(request, GroupIdsBodySchema)
      return deleteGroups(ctxFor(actor, context), params.organizationId!, groupIds)
    }),
})

// Separate exports: Remix strips `loader` and `action` (and what only they use) from the browser build by name.
export const loader = route.loader
export const action = route.action
