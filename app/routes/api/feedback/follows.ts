import { requireApiUser } from '~/auth/guards.server'
import { ctxFor } from '~/services/context.server'
import { setFollows } from '~/services/group-work/follows.server'
import { FollowsSchema } from '~/services/group-work/loop-feedback.schemas'
import { apiCall, apiRoute, readJson } from '../api.server'
import type { Answer } from '../openapi/operation'
import type { FollowsAnswer } from './feedback.openapi'

const route = apiRoute({
  /** PUT /api/v3/groups/{groupId}/members/{userId}/follows { members }: whom the subscriber follows now (setFollows). */
  PUT: ({ request, params, context }) =>
    apiCall<Answer<typeof FollowsAnswer>>(async () => {
      const actor = await requireApiUser(context)
      const { members } = await readJson(request, FollowsSchema)
      return setFollows(ctxFor(actor, context), params.groupId!, params.userId!, members)
    }),
})

// Separate exports: Remix strips `loader` and `action` (and what only they use) from the browser build by name.
export const loader = route.loader
export const action = route.action
