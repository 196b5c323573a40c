import { requireApiUser } from '~/auth/guards.server'
import { ctxFor } from '~/services/context.server'
import { listLoops } from '~/services/group-work/loop-lists.server'
import { createLoop, getLoop } from '~/services/group-work/loops.server'
import { LoopCreateBodySchema } from '~/services/group-work/loops.schemas'
import { apiCall, apiRoute, readJson } from '../api.server'
import type { Answer } from '../openapi/operation'
import { loopAnswer, loopPageAnswer, queryOf } from './answers.server'
import { LoopListQuery, type LoopAnswer, type LoopPageAnswer } from './loops.openapi'

const route = apiRoute({
  /** GET /api/v3/groups/{groupId}/loops?task=&member=&tag=&cursor=: the loops the caller may see (loopVisibility), newest first. */
  GET: ({ request, params, context }) =>
    apiCall<Answer<typeof LoopPageAnswer>>(async () => {
      const ctx = ctxFor(await requireApiUser(context), context)
      return loopPageAnswer(await listLoops(ctx, params.groupId!, queryOf(LoopListQuery, request.url)))
    }),
  /** POST /api/v3/groups/{groupId}/loops { taskId?, text, emotion, tags }: writes a loop (createLoop), answered 201 with it. */
  POST: ({ request, params, context }) =>
    apiCall<Answer<typeof LoopAnswer>>(
      async () => {
        const ctx = ctxFor(await requireApiUser(context), context)
        const body = await readJson(request, LoopCreateBodySchema)
        const { id } = await createLoop(ctx, params.groupId!, {
          taskId: body.taskId ?? null,
          text: body.text,
          emotion: body.emotion,
          tags: body.tags,
        })
        return loopAnswer(await getLoop(ctx, params.groupId!, id))
      },
      { status: 201 },
    ),
})

// Separate exports: Remix strips `loader` and `action` (and what only they use) from the browser build by name.
export const loader = route.loader
export const action = route.action
