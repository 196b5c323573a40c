import { requireApiUser } from '~/auth/guards.server'
import { ctxFor } from '~/services/context.server'
import { MemberListPayload } from '~/services/members/members.schemas'
import { removeMembers } from '~/services/members/member-removal.server'
import { apiCall, apiRoute, readJson } from '../api.server'
import type { Answer, ItemResultsAnswer } from '../openapi/operation'

const route = apiRoute({
  /**
   * POST /api/v1/organizations/{id}/remove-members. Payload `{ "members": ["<userId>", …] }`
   * (`{ "memberIds": […] }` or a bare array also accepted, see MemberListPayload); answer: one
   * `{ _id, result }` per member, result SUCCESS or MEMBER_NOT_FOUND / LAST_ADMIN / IS_GROUP_OWNER.
   */
  POST: ({ request, params, context }) =>
    apiCall<Answer<typeof ItemResultsAnswer>>(async () => {
      const actor = await requireApiUser(context)
      const memberIds = await readJson(request, MemberListPayload)
      return removeMembers(ctxFor(actor, context), params.organizationId!, memberIds)
    }),
})

// Separate exports: Remix strips `loader` and `action` (and what only they use) from the browser build by name.
export const loader = route.loader
export const action = route.action
