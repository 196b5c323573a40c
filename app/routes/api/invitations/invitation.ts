import type { ActionFunctionArgs } from '@remix-run/node'
import { requireApiUser } from '~/auth/guards.server'
import { ctxFor } from '~/services/context.server'
import { revokeInvitation } from '~/services/invitations.server'
import { apiCall, methodNotAllowed } from '../api.server'

export const loader = () => methodNotAllowed('DELETE')

/** DELETE /api/v1/invitations/{invitationId}: revokes it (admins of its organization; others get 404). */
export async function action({ request, params, context }: ActionFunctionArgs) {
  if (request.method !== 'DELETE') return methodNotAllowed('DELETE')
  return apiCall(async () => {
    const actor = await requireApiUser(context)
    await revokeInvitation(ctxFor(actor, context), params.invitationId!)
    return {}
  })
}
