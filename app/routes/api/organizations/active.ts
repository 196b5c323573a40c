import type { ActionFunctionArgs } from '@remix-run/node'
import { requireApiUser } from '~/auth/guards.server'
import { ctxFor } from '~/services/context.server'
import { SetActivePayload } from '~/services/organizations.schemas'
import { setOrganizationActive } from '~/services/organizations.server'
import { apiCall, methodNotAllowed, readJson } from '../api.server'

/**
 * PUT /api/v1/organizations/{id}/active { active: boolean }: the updated Organization.
 * (The spec's "clears cached groups and members" is a browser-cache rule; see setOrganizationActive.)
 */
export async function action({ request, params, context }: ActionFunctionArgs) {
  if (request.method !== 'PUT') return methodNotAllowed('PUT')
  return apiCall(async () => {
    const actor = await requireApiUser(context)
    const { active } = await readJson(request, SetActivePayload)
    return setOrganizationActive(ctxFor(actor, context), params.organizationId!, active)
  })
}

export const loader = () => methodNotAllowed('PUT')
