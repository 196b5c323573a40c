import type { LoaderFunctionArgs } from '@remix-run/node'
import { requireApiUser } from '~/auth/guards.server'
import { ctxFor } from '~/services/context.server'
import { listAllMembers } from '~/services/members.server'
import { apiCall, methodNotAllowed } from '../api.server'

/**
 * GET /api/v1/organizations/{id}/members: every member (spec section 3 Organization member:
 * `_id`, `created`, `lastRequest` when known; with name, email, isAdmin, isGroupCreator).
 */
export async function loader({ params, context }: LoaderFunctionArgs) {
  return apiCall(async () => listAllMembers(ctxFor(await requireApiUser(context), context), params.organizationId!))
}

export const action = () => methodNotAllowed('GET')
