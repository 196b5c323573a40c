import type { ActionFunctionArgs } from '@remix-run/node'
import { requireApiUser } from '~/auth/guards.server'
import { ctxFor } from '~/services/context.server'
import { GroupIdsBodySchema } from '~/services/groups.schemas'
import { groupStatistics } from '~/services/groups.server'
import { apiCall, readJson } from '../api.server'

const methodNotAllowed = () => Response.json({ message: 'METHOD_NOT_ALLOWED' }, { status: 405, headers: { Allow: 'POST' } })

/**
 * POST /api/v1/organizations/{id}/groups/statistics with a list of group ids (a bare JSON array
 * or { groupIds }): statistics by group id; ids of other organizations are absent.
 */
export async function action({ request, params, context }: ActionFunctionArgs) {
  if (request.method !== 'POST') return methodNotAllowed()
  const actor = await requireApiUser(request)
  return apiCall(async () => {
    const groupIds = await readJson(request, GroupIdsBodySchema)
    return groupStatistics(ctxFor(actor, context), params.organizationId!, groupIds)
  })
}

export const loader = methodNotAllowed
