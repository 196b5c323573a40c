import { requireApiUser } from '~/auth/guards.server'
import { ctxFor } from '~/services/context.server'
import { NamePayload } from '~/services/organizations.schemas'
import { renameOrganization } from '~/services/organizations.server'
import { apiCall, apiRoute, readJson } from '../api.server'

export const { loader, action } = apiRoute({
  /** PUT /api/v1/organizations/{id}/name { name }: the updated Organization. */
  PUT: ({ request, params, context }) =>
    apiCall(async () => {
      const actor = await requireApiUser(context)
      const { name } = await readJson(request, NamePayload)
      return renameOrganization(ctxFor(actor, context), params.organizationId!, name)
    }),
})
