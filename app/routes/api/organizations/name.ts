import { requireApiUser } from '~/auth/guards.server'
import { ctxFor } from '~/services/context.server'
import { NamePayload } from '~/services/organizations/organizations.schemas'
import { renameOrganization } from '~/services/organizations/organizations.server'
import { apiCall, apiRoute, readJson } from '../api.server'
import type { Answer } from '../openapi/operation'
import type { OrganizationAnswer } from './organizations.openapi'

const route = apiRoute({
  /** PUT /api/v1/organizations/{id}/name { name }: the updated Organization. */
  PUT: ({ request, params, context }) =>
    apiCall<Answer<typeof OrganizationAnswer>>(async () => {
      const actor = await requireApiUser(context)
      const { name } = await readJson(request, NamePayload)
      return renameOrganization(ctxFor(actor, context), params.organizationId!, name)
    }),
})

// Separate exports: Remix strips `loader` and `action` (and what only they use) from the browser build by name.
export const loader = route.loader
export const action = route.action
