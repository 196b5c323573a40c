import { requireApiUser } from '~/auth/guards.server'
import { ctxFor } from '~/services/context.server'
import { InsightQuerySchema } from '~/services/group-work/insight.schemas'
import { groupInsight, type GroupInsight } from '~/services/group-work/insight.server'
import { apiCall, apiRoute } from '../api.server'
import { queryOf } from '../loops/answers.server'
import type { Answer } from '../openapi/operation'
import type { InsightAnswer } from './insight.openapi'

/** The service's insight in the API's words (`_id`, tag counts as a list). */
function insightAnswer(insight: GroupInsight): Answer<typeof InsightAnswer> {
  return {
    group: { _id: insight.group.id, name: insight.group.name },
    named: insight.named,
    range: insight.range,
    role: insight.role,
    totals: insight.totals,
    tags: insight.tags.map((tag) => ({ _id: tag.id, name: tag.name })),
    tasks: insight.tasks.map(({ id, tags, ...task }) => ({
      _id: id,
      ...task,
      tags: Object.entries(tags).map(([_id, loops]) => ({ _id, loops })),
    })),
    members:
      insight.members?.map(({ id, role, ...member }) => ({ _id: id, role: role as 'owner' | 'leader' | 'member', ...member })) ?? null,
    flagged: insight.flagged,
    weeks: insight.weeks,
    classInsight: insight.classInsight,
  }
}

const route = apiRoute({
  /** GET /api/v3/groups/{groupId}/insight?from=&to=&role=: the numbers behind every chart of the Insight tab. */
  GET: ({ request, params, context }) =>
    apiCall<Answer<typeof InsightAnswer>>(async () => {
      const ctx = ctxFor(await requireApiUser(context), context)
      return insightAnswer(await groupInsight(ctx, params.groupId!, queryOf(InsightQuerySchema, request.url)))
    }),
})

// Separate exports: Remix strips `loader` and `action` (and what only they use) from the browser build by name.
export const loader = route.loader
export const action = route.action
