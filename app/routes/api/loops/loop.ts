import { requireApiUser } from '~/auth/guards.server'
import { ctxFor } from '~/services/context.server'
import { deleteLoop, getLoop, updateLoop } from '~/services/group-work/loops.server'
import { LoopPatchBodySchema } from '~/services/group-work/loops.schemas'
import { apiCall, apiRoute, readJson } from '../api.server'
import type { Answer } from '../openapi/operation'
import { loopAnswer } from './answers.server'
import type { LoopAnswer } from './loops.openapi'

const route = apiRoute({
  /** GET /api/v3/groups/{groupId}/loops/{loopId}: the loop with its thread, for whoever may see it (else 404 GROUP_NOT_FOUND). */
  GET: ({ params, context }) =>
    apiCall<Answer<typeof LoopAnswer>>(async () =>
      loopAnswer(await getLoop(ctxFor(await requireApiUser(context), context), params.groupId!, params.loopId!)),
    ),
  /** PATCH …/loops/{loopId} { text?, emotion?, tags? }: the author changes it until someone has commented (409 LOOP_LOCKED). */
  PATCH: ({ request, params, context }) =>
    apiCall<Answer<typeof LoopAnswer>>(async () => {
      const ctx = ctxFor(await requireApiUser(context), context)
      const body = await readJson(request, LoopPatchBodySchema)
      await updateLoop(ctx, params.groupId!, params.loopId!, body)
      return loopAnswer(await getLoop(ctx, params.groupId!, params.loopId!))
    }),
  /** DELETE …/loops/{loopId}: the author deletes it, answered 204. */
  DELETE: ({ params, context }) =>
    apiCall(async () => {
      await deleteLoop(ctxFor(await requireApiUser(context), context), params.groupId!, params.loopId!)
      return new Response(null, { status: 204 })
    }),
})

// Separate exports: Remix strips `loader` and `action` (and what only they use) from the browser build by name.
export const loader = route.loader
export const action = route.action
