import type { ActionFunctionArgs } from '@remix-run/node'
import { requireApiUser } from '~/auth/guards.server'
import { ctxFor } from '~/services/context.server'
import { UseCodePayload } from '~/services/invitations.schemas'
import { redeemInvitationCode } from '~/services/invitations.server'
import { apiCall, readJson } from '../api.server'

const methodNotAllowed = () => Response.json({ message: 'METHOD_NOT_ALLOWED' }, { status: 405, headers: { Allow: 'PUT' } })

export const loader = methodNotAllowed

/**
 * PUT /api/v1/invitations/use-code { invitationCode }: { redirectTo, name }. A 409 (already a
 * member or group creator) carries redirectTo and name too; 429 carries retryAt.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== 'PUT') return methodNotAllowed()
  const actor = await requireApiUser(request)
  return apiCall(async () => {
    const { invitationCode } = await readJson(request, UseCodePayload)
    return redeemInvitationCode(ctxFor(actor, context), invitationCode)
  })
}
