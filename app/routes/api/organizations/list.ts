import { requireApiUser } from '~/auth/guards.server'
import { ctxFor } from '~/services/context.server'
import { listMyOrganizations } from '~/services/organizations/organizations.server'
import { apiCall, apiRoute } from '../api.server'
import type { Answer } from '../openapi/operation'
import type { MyOrganizationsAnswer } from './organizations.openapi'

const route = apiRoute({
  /**
   * GET /api/v3/organizations: the organizations the user administers or may create groups in
   * (spec section 3 Organization, plus `access`: 'admin' | 'groupCreator').
   */
  GET: ({ context }) =>
    apiCall<Answer<typeof MyOrganizationsAnswer>>(async () => listMyOrganizations(ctxFor(await requireApiUser(context), context))),
})

// Separate exports: Remix strips `loader` and `action` (and what only they use) from the browser build by name.
export const loader = route.loader
export const action = route.action
