import type { ActionFunctionArgs } from '@remix-run/node'
import { requireApiUser } from '~/auth/guards.server'
import { ctxFor } from '~/services/context.server'
import { revokeInvitation } from '~/services/invitations.server'
import { apiCall } from '../api.server'

const methodNotAllowed = () => Response.json({ message: 'METHOD_NOT_ALLOWED' }, { status: 405, headers: { Allow: 'DELETE' } })

export const loader = methodNotAllowed

/** DELETE /api/v1/invitations/{invitationId}: revokes it (admins of its organization; others get 404). */
export async function action({ request, params, context }: ActionFunctionArgs) {
  if (request.method !== 'DELETE') return methodNotAllowed()
  const actor = await requireApiUser(request)
  return apiCall(async () => {
    await revokeInvitation(ctxFor(actor, context), params.invitationId!)
    return {}
  })
}
