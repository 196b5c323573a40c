import type { ActionFunctionArgs } from '@remix-run/node'
import { requireApiUser } from '~/auth/guards.server'
import { ctxFor } from '~/services/context.server'
import { UseCodePayload } from '~/services/invitations.schemas'
import { redeemInvitationCode } from '~/services/invitations.server'
import { apiCall, methodNotAllowed, readJson } from '../api.server'

export const loader = () => methodNotAllowed('PUT')

/**
 * PUT /api/v1/invitations/use-code { invitationCode }: { redirectTo, name }. A 409 (already a
 * member or group creator) carries redirectTo and name too; 429 carries retryAt.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== 'PUT') return methodNotAllowed('PUT')
  return apiCall(async () => {
    const actor = await requireApiUser(context)
    const { invitationCode } = await readJson(request, UseCodePayload)
    return redeemInvitationCode(ctxFor(actor, context), invitationCode)
  })
}
