import { requireApiUser } from '~/auth/guards.server'
import { ctxFor } from '~/services/context.server'
import { MemberListPayload } from '~/services/members/members.schemas'
import { addOrganizationAdmins, removeOrganizationAdmins } from '~/services/members/organization-admins.server'
import { apiCall, apiRoute, readJson } from '../api.server'
import type { Answer, ItemResultsAnswer } from '../openapi/operation'

const route = apiRoute({
  /**
   * POST /api/v1/organizations/{id}/add-admins and …/remove-admins (one module for both route ids;
   * the last path segment decides). Payload `{ "members": ["<userId>", …] }` (`{ "memberIds": […] }`
   * or a bare array also accepted); answer: one `{ _id, result }` per member, result SUCCESS or
   * MEMBER_NOT_FOUND / ALREADY_ORGANIZATION_ADMIN / NOT_ORGANIZATION_ADMIN / LAST_ADMIN.
   */
  POST: ({ request, params, context }) => {
    const adding = new URL(request.url).pathname.replace(/\/+$/, '').endsWith('/add-admins')
    return apiCall<Answer<typeof ItemResultsAnswer>>(async () => {
      const actor = await requireApiUser(context)
      const memberIds = await readJson(request, MemberListPayload)
      const ctx = ctxFor(actor, context)
      return (adding ? addOrganizationAdmins : removeOrganizationAdmins)(ctx, params.organizationId!, memberIds)
    })
  },
})

// Separate exports: Remix strips `loader` and `action` (and what only they use) from the browser build by name.
export const loader = route.loader
export const action = route.action
