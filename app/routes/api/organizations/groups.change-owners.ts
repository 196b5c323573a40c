import type { ActionFunctionArgs } from '@remix-run/node'
import { requireApiUser } from '~/auth/guards.server'
import { ctxFor } from '~/services/context.server'
import { ChangeOwnersBodySchema } from '~/services/groups.schemas'
import { changeGroupOwners } from '~/services/groups.server'
import { apiCall, methodNotAllowed, readJson } from '../api.server'

/**
 * PUT /api/v1/organizations/{id}/groups/change-owners { changeList: [{ groupId, newOwnerId,
 * oldOwnerRole }] }: per item { _id, result, group, oldOwnerRemoved }.
 */
export async function action({ request, params, context }: ActionFunctionArgs) {
  if (request.method !== 'PUT') return methodNotAllowed('PUT')
  return apiCall(async () => {
    const actor = await requireApiUser(context)
    const { changeList } = await readJson(request, ChangeOwnersBodySchema)
    return changeGroupOwners(ctxFor(actor, context), params.organizationId!, changeList)
  })
}

export const loader = () => methodNotAllowed('PUT')
