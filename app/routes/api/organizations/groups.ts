import type { LoaderFunctionArgs } from '@remix-run/node'
import { requireApiUser } from '~/auth/guards.server'
import { ctxFor } from '~/services/context.server'
import { listAllGroups } from '~/services/groups.server'
import { apiCall } from '../api.server'

const methodNotAllowed = () => Response.json({ message: 'METHOD_NOT_ALLOWED' }, { status: 405, headers: { Allow: 'GET' } })

/** GET /api/v1/organizations/{id}/groups: every group of the organization (spec section 7). */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const actor = await requireApiUser(request)
  return apiCall(() => listAllGroups(ctxFor(actor, context), params.organizationId!))
}

export const action = methodNotAllowed
