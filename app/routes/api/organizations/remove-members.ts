import type { ActionFunctionArgs } from '@remix-run/node'
import { requireApiUser } from '~/auth/guards.server'
import { ctxFor } from '~/services/context.server'
import { MemberListPayload } from '~/services/members.schemas'
import { removeMembers } from '~/services/members.server'
import { apiCall, methodNotAllowed, readJson } from '../api.server'

/**
 * POST /api/v1/organizations/{id}/remove-members. Payload `{ "members": ["<userId>", …] }`
 * (`{ "memberIds": […] }` or a bare array also accepted, see MemberListPayload); answer: one
 * `{ _id, result }` per member, result SUCCESS or MEMBER_NOT_FOUND / LAST_ADMIN / IS_GROUP_OWNER.
 */
export async function action({ request, params, context }: ActionFunctionArgs) {
  if (request.method !== 'POST') return methodNotAllowed('POST')
  return apiCall(async () => {
    const actor = await requireApiUser(context)
    const memberIds = await readJson(request, MemberListPayload)
    return removeMembers(ctxFor(actor, context), params.organizationId!, memberIds)
  })
}

export const loader = () => methodNotAllowed('POST')
