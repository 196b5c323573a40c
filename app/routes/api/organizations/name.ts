import type { ActionFunctionArgs } from '@remix-run/node'
import { requireApiUser } from '~/auth/guards.server'
import { ctxFor } from '~/services/context.server'
import { NamePayload } from '~/services/organizations.schemas'
import { renameOrganization } from '~/services/organizations.server'
import { apiCall, methodNotAllowed, readJson } from '../api.server'

/** PUT /api/v1/organizations/{id}/name { name }: the updated Organization. */
export async function action({ request, params, context }: ActionFunctionArgs) {
  if (request.method !== 'PUT') return methodNotAllowed('PUT')
  return apiCall(async () => {
    const actor = await requireApiUser(context)
    const { name } = await readJson(request, NamePayload)
    return renameOrganization(ctxFor(actor, context), params.organizationId!, name)
  })
}

export const loader = () => methodNotAllowed('PUT')
