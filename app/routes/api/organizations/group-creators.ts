import { requireApiUser } from '~/auth/guards.server'
import { ctxFor } from '~/services/context.server'
import { MemberListPayload } from '~/services/members/members.schemas'
import { addGroupCreators, removeGroupCreators } from '~/services/members/group-creators.server'
import { apiCall, apiRoute, readJson } from '../api.server'
import type { Answer, ItemResultsAnswer } from '../openapi/operation'

const route = apiRoute({
  /**
   * POST /api/v1/organizations/{id}/add-group-creators and …/remove-group-creators (one module for
   * both route ids; the last path segment decides). Payload `{ "members": ["<userId>", …] }`
   * (`{ "memberIds": […] }` or a bare array also accepted); answer: one `{ _id, result }` per member,
   * result SUCCESS or MEMBER_NOT_FOUND / ALREADY_GROUP_CREATOR / NOT_GROUP_CREATOR.
   */
  POST: ({ request, params, context }) => {
    const adding = new URL(request.url).pathname.replace(/\/+$/, '').endsWith('/add-group-creators')
    return apiCall<Answer<typeof ItemResultsAnswer>>(async () => {
      const actor = await requireApiUser(context)
      const memberIds = await readJson(request, MemberListPayload)
      const ctx = ctxFor(actor, context)
      return adding ? addGroupCreators(ctx, params.organizationId!, memberIds) : removeGroupCreators(ctx, params.organizationId!, memberIds)
    })
  },
})

// Separate exports: Remix strips `loader` and `action` (and what only they use) from the browser build by name.
export const loader = route.loader
export const action = route.action
