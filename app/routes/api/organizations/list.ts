import type { LoaderFunctionArgs } from '@remix-run/node'
import { requireApiUser } from '~/auth/guards.server'
import { ctxFor } from '~/services/context.server'
import { listMyOrganizations } from '~/services/organizations.server'
import { apiCall, methodNotAllowed } from '../api.server'

/**
 * GET /api/v3/organizations: the organizations the user administers or may create groups in
 * (spec section 3 Organization, plus `access`: 'admin' | 'groupCreator').
 */
export async function loader({ context }: LoaderFunctionArgs) {
  return apiCall(async () => listMyOrganizations(ctxFor(await requireApiUser(context), context)))
}

export const action = () => methodNotAllowed('GET')
