import type { ActionFunctionArgs } from '@remix-run/node'
import { requireApiUser } from '~/auth/guards.server'
import { ctxFor } from '~/services/context.server'
import { SetGroupsActiveBodySchema } from '~/services/groups.schemas'
import { setGroupsActive } from '~/services/groups.server'
import { apiCall, methodNotAllowed, readJson } from '../api.server'

/** PUT /api/v1/organizations/{id}/groups/set-active { groupIds, active }: per-item results. */
export async function action({ request, params, context }: ActionFunctionArgs) {
  if (request.method !== 'PUT') return methodNotAllowed('PUT')
  return apiCall(async () => {
    const actor = await requireApiUser(context)
    const { groupIds, active } = await readJson(request, SetGroupsActiveBodySchema)
    return setGroupsActive(ctxFor(actor, context), params.organizationId!, groupIds, active)
  })
}

export const loader = () => methodNotAllowed('PUT')
