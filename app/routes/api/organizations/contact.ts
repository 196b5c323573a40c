import { requireApiUser } from '~/auth/guards.server'
import { ctxFor } from '~/services/context.server'
import { ContactPayload } from '~/services/organizations/organizations.schemas'
import { updateOrganizationContact } from '~/services/organizations/organizations.server'
import { apiCall, apiRoute, readJson } from '../api.server'
import type { Answer } from '../openapi/operation'
import type { OrganizationAnswer } from './organizations.openapi'

const route = apiRoute({
  /** PUT /api/v1/organizations/{id}/contact { contact: { name?, email?, phone? } }: replaces it; the updated Organization. */
  PUT: ({ request, params, context }) =>
    apiCall<Answer<typeof OrganizationAnswer>>(async () => {
      const actor = await requireApiUser(context)
      const { contact } = await readJson(request, ContactPayload)
      return updateOrganizationContact(ctxFor(actor, context), params.organizationId!, contact)
    }),
})

// Separate exports: Remix strips `loader` and `action` (and what only they use) from the browser build by name.
export const loader = route.loader
export const action = route.action
