import type { ActionFunctionArgs } from '@remix-run/node'
import { requireApiUser } from '~/auth/guards.server'
import { ctxFor } from '~/services/context.server'
import { ContactPayload } from '~/services/organizations.schemas'
import { updateOrganizationContact } from '~/services/organizations.server'
import { apiCall, methodNotAllowed, readJson } from '../api.server'

/** PUT /api/v1/organizations/{id}/contact { contact: { name?, email?, phone? } }: replaces it; the updated Organization. */
export async function action({ request, params, context }: ActionFunctionArgs) {
  if (request.method !== 'PUT') return methodNotAllowed('PUT')
  return apiCall(async () => {
    const actor = await requireApiUser(context)
    const { contact } = await readJson(request, ContactPayload)
    return updateOrganizationContact(ctxFor(actor, context), params.organizationId!, contact)
  })
}

export const loader = () => methodNotAllowed('PUT')
