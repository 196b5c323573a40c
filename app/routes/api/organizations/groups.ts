import type { LoaderFunctionArgs } from '@remix-run/node'
import { requireApiUser } from '~/auth/guards.server'
import { ctxFor } from '~/services/context.server'
import { listAllGroups } from '~/services/groups.server'
import { apiCall, methodNotAllowed } from '../api.server'

/** GET /api/v1/organizations/{id}/groups: every group of the organization (spec section 7). */
export async function loader({ params, context }: LoaderFunctionArgs) {
  return apiCall(async () => listAllGroups(ctxFor(await requireApiUser(context), context), params.organizationId!))
}

export const action = () => methodNotAllowed('GET')
