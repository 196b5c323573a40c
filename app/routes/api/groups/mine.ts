import { requireApiUser } from '~/auth/guards.server'
import { ctxFor } from '~/services/context.server'
import { myGroupsForApi, populateOf } from '~/services/groups/my-groups.server'
import { apiCall, apiRoute } from '../api.server'
import type { Answer } from '../openapi/operation'
import type { MyGroupsAnswer } from './groups.openapi'

const route = apiRoute({
  /**
   * GET /api/v3/groups?populate[0]=parent_org_&populate[1]=owner: the signed-in user's groups
   * (spec section 3 "Group"); `owner` and `parent_org_` are ids unless populated. `members_`
   * lists the first members and `memberCount` the total (docs/groups.md).
   */
  GET: ({ request, context }) =>
    apiCall<Answer<typeof MyGroupsAnswer>>(async () =>
      myGroupsForApi(ctxFor(await requireApiUser(context), context), populateOf(new URL(request.url).searchParams)),
    ),
})

// Separate exports: Remix strips `loader` and `action` (and what only they use) from the browser build by name.
export const loader = route.loader
export const action = route.action
