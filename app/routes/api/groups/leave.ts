import { requireApiUser } from '~/auth/guards.server'
import { ctxFor } from '~/services/context.server'
import { leaveGroup } from '~/services/groups/group-home.server'
import { apiCall, apiRoute } from '../api.server'
import type { Answer } from '../openapi/operation'
import type { LeftGroupAnswer } from './groups.openapi'

const route = apiRoute({
  /**
   * POST /api/v3/groups/{groupId}/leave (no body): the signed-in user leaves the group, answered
   * { groupName }. Its owner gets 409 GROUP_OWNER_CANNOT_LEAVE (hand the group over first); an
   * admin of its organization who is not a member 404 MEMBER_NOT_FOUND; anyone else 404
   * GROUP_NOT_FOUND (docs/group-roles.md).
   */
  POST: ({ params, context }) =>
    apiCall<Answer<typeof LeftGroupAnswer>>(async () => leaveGroup(ctxFor(await requireApiUser(context), context), params.groupId!)),
})

// Separate exports: Remix strips `loader` and `action` (and what only they use) from the browser build by name.
export const loader = route.loader
export const action = route.action
