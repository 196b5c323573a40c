import { requireApiUser } from '~/auth/guards.server'
import { ctxFor } from '~/services/context.server'
import { createTag, listTags } from '~/services/group-work/tags.server'
import { apiCall, apiRoute, readJson } from '../api.server'
import type { Answer } from '../openapi/operation'
import { tagAnswer } from './task-answers.server'
import { NewTagBody, type TagAnswer, type TagsAnswer } from './tasks.openapi'

const route = apiRoute({
  /** GET /api/v3/groups/{groupId}/tags: the group's tags (docs/group-work.md#tags). */
  GET: ({ params, context }) =>
    apiCall<Answer<typeof TagsAnswer>>(async () => {
      const { tags } = await listTags(ctxFor(await requireApiUser(context), context), params.groupId!)
      return tags.map(tagAnswer)
    }),
  /** POST /api/v3/groups/{groupId}/tags: adds a tag (owners and leaders), answered 201 with it. */
  POST: ({ request, params, context }) =>
    apiCall<Answer<typeof TagAnswer>>(
      async () => {
        const ctx = ctxFor(await requireApiUser(context), context)
        const body = await readJson(request, NewTagBody)
        return tagAnswer(await createTag(ctx, params.groupId!, body))
      },
      { status: 201 },
    ),
})

// Separate exports: Remix strips `loader` and `action` (and what only they use) from the browser build by name.
export const loader = route.loader
export const action = route.action
