import type { ActionFunctionArgs } from '@remix-run/node'
import { requireApiUser } from '~/auth/guards.server'
import { ctxFor } from '~/services/context.server'
import { NamePayload } from '~/services/organizations.schemas'
import { renameOrganization } from '~/services/organizations.server'
import { apiCall, readJson } from '../api.server'

const methodNotAllowed = () => Response.json({ message: 'METHOD_NOT_ALLOWED' }, { status: 405, headers: { Allow: 'PUT' } })

/** PUT /api/v1/organizations/{id}/name { name }: the updated Organization. */
export async function action({ request, params, context }: ActionFunctionArgs) {
  if (request.method !== 'PUT') return methodNotAllowed()
  const actor = await requireApiUser(request)
  return apiCall(async () => {
    const { name } = await readJson(request, NamePayload)
    return renameOrganization(ctxFor(actor, context), params.organizationId!, name)
  })
}

export const loader = methodNotAllowed
