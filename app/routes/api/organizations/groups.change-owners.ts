import { requireApiUser } from '~/auth/guards.server'
import { ctxFor } from '~/services/context.server'
import { ChangeOwnersBodySchema } from '~/services/groups/groups.schemas'
import { changeGroupOwners } from '~/services/groups/group-owners.server'
import { apiCall, apiRoute, readJson } from '../api.server'
import type { Answer } from '../openapi/operation'
import type { OwnerChangeResultsAnswer } from './organizations.openapi'

const route = apiRoute({
  /**
   * PUT /api/v1/organizations/{id}/groups/change-owners { changeList: [{ groupId, newOwnerId,
   * oldOwnerRole }] }: per item { _id, result, group, oldOwnerRemoved }.
   */
  PUT: ({ request, params, context }) =>
    apiCall<Answer<typeof OwnerChangeResultsAnswer>>(async () => {
      const actor = await requireApiUser(context)
      const { changeList } = await readJson(request, ChangeOwnersBodySchema)
      return changeGroupOwners(ctxFor(actor, context), params.organizationId!, changeList)
    }),
})

// Separate exports: Remix strips `loader` and `action` (and what only they use) from the browser build by name.
export const loader = route.loader
export const action = route.action
