import { requireApiUser } from '~/auth/guards.server'
import { ctxFor } from '~/services/context.server'
import { SetActivePayload } from '~/services/organizations/organizations.schemas'
import { setOrganizationActive } from '~/services/organizations/organizations.server'
import { apiCall, apiRoute, readJson } from '../api.server'
import type { Answer } from '../openapi/operation'
import type { OrganizationAnswer } from './organizations.openapi'

const route = apiRoute({
  /**
   * PUT /api/v1/organizations/{id}/active { active: boolean }: the updated Organization.
   * (The spec's "clears cached groups and members" is a browser-cache rule; see setOrganizationActive.)
   */
  PUT: ({ request, params, context }) =>
    apiCall<Answer<typeof OrganizationAnswer>>(async () => {
      const actor = await requireApiUser(context)
      const { active } = await readJson(request, SetActivePayload)
      return setOrganizationActive(ctxFor(actor, context), params.organizationId!, active)
    }),
})

// Separate exports: Remix strips `loader` and `action` (and what only they use) from the browser build by name.
export const loader = route.loader
export const action = route.action
