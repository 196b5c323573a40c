import { requireApiUser } from '~/auth/guards.server'
import { ctxFor } from '~/services/context.server'
import { GroupIdsBodySchema } from '~/services/groups/groups.schemas'
import { groupStatistics } from '~/services/groups/group-statistics.server'
import { apiCall, apiRoute, readJson } from '../api.server'
import type { Answer } from '../openapi/operation'
import type { GroupStatisticsAnswer } from './organizations.openapi'

const route = apiRoute({
  /**
   * POST /api/v1/organizations/{id}/groups/statistics with a list of group ids (a bare JSON array
   * or { groupIds }): statistics by group id; ids of other organizations are absent.
   */
  POST: ({ request, params, context }) =>
    apiCall<Answer<typeof GroupStatisticsAnswer>>(async () => {
      const actor = await requireApiUser(context)
      const groupIds = await readJson(request, GroupIdsBodySchema)
      return groupStatistics(ctxFor(actor, context), params.organizationId!, groupIds)
    }),
})

// Separate exports: Remix strips `loader` and `action` (and what only they use) from the browser build by name.
export const loader = route.loader
export const action = route.action
