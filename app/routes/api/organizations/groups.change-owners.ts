import type { ActionFunctionArgs } from '@remix-run/node'
import { requireApiUser } from '~/auth/guards.server'
import { ctxFor } from '~/services/context.server'
import { ChangeOwnersBodySchema } from '~/services/groups.schemas'
import { changeGroupOwners } from '~/services/groups.server'
import { apiCall, readJson } from '../api.server'

const methodNotAllowed = () => Response.json({ message: 'METHOD_NOT_ALLOWED' }, { status: 405, headers: { Allow: 'PUT' } })

/**
 * PUT /api/v1/organizations/{id}/groups/change-owners { changeList: [{ groupId, newOwnerId,
 * oldOwnerRole }] }: per item { _id, result, group, oldOwnerRemoved }.
 */
export async function action({ request, params, context }: ActionFunctionArgs) {
  if (request.method !== 'PUT') return methodNotAllowed()
  const actor = await requireApiUser(request)
  return apiCall(async () => {
    const { changeList } = await readJson(request, ChangeOwnersBodySchema)
    return changeGroupOwners(ctxFor(actor, context), params.organizationId!, changeList)
  })
}

export const loader = methodNotAllowed
