import { requireApiUser } from '~/auth/guards.server'
import { ctxFor } from '~/services/context.server'
import { deleteTag, updateTag } from '~/services/group-work/tags.server'
import { apiCall, apiRoute, readJson } from '../api.server'
import type { Answer, EmptyAnswer } from '../openapi/operation'
import { tagAnswer } from './task-answers.server'
import { TagChangeBody, type TagAnswer } from './tasks.openapi'

const route = apiRoute({
  /** PATCH /api/v3/groups/{groupId}/tags/{tagId}: renames a tag (it stays on its loops). */
  PATCH: ({ request, params, context }) =>
    apiCall<Answer<typeof TagAnswer>>(async () => {
      const ctx = ctxFor(await requireApiUser(context), context)
      const body = await readJson(request, TagChangeBody)
      return tagAnswer(await updateTag(ctx, params.groupId!, params.tagId!, body))
    }),
  /** DELETE /api/v3/groups/{groupId}/tags/{tagId}: deletes a tag; it is taken off its loops. */
  DELETE: ({ params, context }) =>
    apiCall<Answer<typeof EmptyAnswer>>(async () => {
      await deleteTag(ctxFor(await requireApiUser(context), context), params.groupId!, params.tagId!)
      return {}
    }),
})

// Separate exports: Remix strips `loader` and `action` (and what only they use) from the browser build by name.
export const loader = route.loader
export const action = route.action
