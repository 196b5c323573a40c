import { requireApiUser } from '~/auth/guards.server'
import { DomainError } from '~/errors'
import { ctxFor } from '~/services/context.server'
import { CreateGroupBodySchema } from '~/services/groups/groups.schemas'
import { createGroupWithMembers } from '~/services/groups/group-with-members.server'
import { apiCall, apiRoute, readJson } from '../api.server'
import type { Answer } from '../openapi/operation'
import type { CreatedGroupAnswer } from './organizations.openapi'

const route = apiRoute({
  /**
   * POST /api/v1/organizations/{id}/create-group-with-members and
   * …/create-attendance-group-with-members (one module, two route ids; the URL decides the kind)
   * { name, organizationId, groupOwnerId, memberIdsWithRoles }: 201 { group, membersResults }.
   * The body's organizationId must be the one of the path.
   */
  POST: ({ request, params, context }) => {
    const kind = new URL(request.url).pathname.replace(/\/+$/, '').endsWith('/create-attendance-group-with-members')
      ? 'attendance'
      : 'standard'
    return apiCall<Answer<typeof CreatedGroupAnswer>>(
      async () => {
        const actor = await requireApiUser(context)
        const body = await readJson(request, CreateGroupBodySchema)
        if (body.organizationId !== params.organizationId) {
          throw new DomainError('BAD_REQUEST', { errors: { organizationId: ['groups.validation.organizationMismatch'] } })
        }
        return createGroupWithMembers(ctxFor(actor, context), params.organizationId, {
          name: body.name,
          kind,
          groupOwnerId: body.groupOwnerId,
          memberIdsWithRoles: body.memberIdsWithRoles,
        })
      },
      { status: 201 },
    )
  },
})

// Separate exports: Remix strips `loader` and `action` (and what only they use) from the browser build by name.
export const loader = route.loader
export const action = route.action
