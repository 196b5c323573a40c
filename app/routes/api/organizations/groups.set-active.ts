import { requireApiUser } from '~/auth/guards.server'
import { ctxFor } from '~/services/context.server'
import { SetGroupsActiveBodySchema } from '~/services/groups/groups.schemas'
import { setGroupsActive } from '~/services/groups/group-bulk.server'
import { apiCall, apiRoute, readJson } from '../api.server'
import type { Answer, ItemResultsAnswer } from '../openapi/operation'

const route = apiRoute({
  /** PUT /api/v1/organizations/{id}/groups/set-active { groupIds, active }: per-item results. */
  PUT: ({ request, params, context }) =>
    apiCall<Answer<typeof ItemResultsAnswer>>(async () => {
      const actor = await requireApiUser(context)
      const { groupIds, active } = await readJson(request, SetGroupsActiveBodySchema)
      return setGroupsActive(ctxFor(actor, context), params.organizationId!, groupIds, active)
    }),
})

// Separate exports: Remix strips `loader` and `action` (and what only they use) from the browser build by name.
export const loader = route.loader
export const action = route.action
