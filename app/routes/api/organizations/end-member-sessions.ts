import { requireApiUser } from '~/auth/guards.server'
import { ctxFor } from '~/services/context.server'
import { MemberListPayload } from '~/services/members/members.schemas'
import { endMemberSessions } from '~/services/members/member-sessions.server'
import { apiCall, apiRoute, readJson } from '../api.server'
import type { Answer } from '../openapi/operation'
import type { EndSessionsAnswer } from './organizations.openapi'

const route = apiRoute({
  /**
   * POST /api/v1/organizations/{id}/end-member-sessions. Payload as remove-members
   * (MemberListPayload); answer: one `{ _id, result, sessions? }` per member, result SUCCESS
   * (with `sessions`, how many ended) or MEMBER_NOT_FOUND. Audited (`members.endSessions`).
   */
  POST: ({ request, params, context }) =>
    apiCall<Answer<typeof EndSessionsAnswer>>(async () => {
      const actor = await requireApiUser(context)
      const memberIds = await readJson(request, MemberListPayload)
      return endMemberSessions(ctxFor(actor, context), params.organizationId!, memberIds)
    }),
})

// Separate exports: Remix strips `loader` and `action` (and what only they use) from the browser build by name.
export const loader = route.loader
export const action = route.action
