import { requireApiUser } from '~/auth/guards.server'
import { ctxFor } from '~/services/context.server'
import { ChangeOwnersBodySchema } from '~/services/groups.schemas'
import { changeGroupOwners } from '~/services/groups.server'
import { apiCall, apiRoute, readJson } from '../api.server'

export const { loader, action } = apiRoute({
  /**
   * PUT /api/v1/organizations/{id}/groups/change-owners { changeList: [{ groupId, newOwnerId,
   * oldOwnerRole }] }: per item { _id, result, group, oldOwnerRemoved }.
   */
  PUT: ({ request, params, context }) =>
    apiCall(async () => {
      const actor = await requireApiUser(context)
      const { changeList } = await readJson(request, ChangeOwnersBodySchema)
      return changeGroupOwners(ctxFor(actor, context), params.organizationId!, changeList)
    }),
})
