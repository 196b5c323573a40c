import { requireApiUser } from '~/auth/guards.server'
import { ctxFor } from '~/services/context.server'
import { myLoops } from '~/services/group-work/loop-lists.server'
import { apiCall, apiRoute } from '../api.server'
import type { Answer } from '../openapi/operation'
import { loopPageAnswer, queryOf } from './answers.server'
import { MyLoopsQuery, type LoopPageAnswer } from './loops.openapi'

const route = apiRoute({
  /** GET /api/v3/loops/mine?group=&cursor=: the caller's own loops in every group they are a member of, newest first. */
  GET: ({ request, context }) =>
    apiCall<Answer<typeof LoopPageAnswer>>(async () => {
      const ctx = ctxFor(await requireApiUser(context), context)
      const query = queryOf(MyLoopsQuery, request.url)
      return loopPageAnswer(await myLoops(ctx, { groupId: query.group, cursor: query.cursor }))
    }),
})

// Separate exports: Remix strips `loader` and `action` (and what only they use) from the browser build by name.
export const loader = route.loader
export const action = route.action
