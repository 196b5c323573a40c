import { requireApiUser } from '~/auth/guards.server'
import { ctxFor } from '~/services/context.server'
import { addComment } from '~/services/group-work/loop-comments.server'
import { CommentSchema } from '~/services/group-work/loop-feedback.schemas'
import { apiCall, apiRoute, readJson } from '../api.server'
import type { Answer } from '../openapi/operation'
import type { CommentAnswer } from './feedback.openapi'

const route = apiRoute({
  /** POST /api/v3/groups/{groupId}/loops/{loopId}/comments { text }: the comment, 201 (addComment decides who may). */
  POST: ({ request, params, context }) =>
    apiCall<Answer<typeof CommentAnswer>>(
      async () => {
        const actor = await requireApiUser(context)
        const { text } = await readJson(request, CommentSchema)
        const c = await addComment(ctxFor(actor, context), params.groupId!, params.loopId!, text)
        return { _id: c.id, loop: c.loopId, author: { _id: c.author.id, name: c.author.name }, text: c.text, created: c.created }
      },
      { status: 201 },
    ),
})

// Separate exports: Remix strips `loader` and `action` (and what only they use) from the browser build by name.
export const loader = route.loader
export const action = route.action
