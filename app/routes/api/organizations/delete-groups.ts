import type { ActionFunctionArgs } from '@remix-run/node'
import { requireApiUser } from '~/auth/guards.server'
import { ctxFor } from '~/services/context.server'
import { GroupIdsBodySchema } from '~/services/groups.schemas'
import { deleteGroups } from '~/services/groups.server'
import { apiCall, methodNotAllowed, readJson } from '../api.server'

/** POST /api/v1/organizations/{id}/delete-groups with a list of group ids: per-item results. */
export async function action({ request, params, context }: ActionFunctionArgs) {
  if (request.method !== 'POST') return methodNotAllowed('POST')
  return apiCall(async () => {
    const actor = await requireApiUser(context)
    const groupIds = await readJson(request, GroupIdsBodySchema)
    return deleteGroups(ctxFor(actor, context), params.organizationId!, groupIds)
  })
}

export const loader = () => methodNotAllowed('POST')
