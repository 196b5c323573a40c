import { requireApiUser } from '~/auth/guards.server'
import { ctxFor } from '~/services/context.server'
import { ContactPayload } from '~/services/organizations.schemas'
import { updateOrganizationContact } from '~/services/organizations.server'
import { apiCall, apiRoute, readJson } from '../api.server'

export const { loader, action } = apiRoute({
  /** PUT /api/v1/organizations/{id}/contact { contact: { name?, email?, phone? } }: replaces it; the updated Organization. */
  PUT: ({ request, params, context }) =>
    apiCall(async () => {
      const actor = await requireApiUser(context)
      const { contact } = await readJson(request, ContactPayload)
      return updateOrganizationContact(ctxFor(actor, context), params.organizationId!, contact)
    }),
})
