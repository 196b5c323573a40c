import { requireApiUser } from '~/auth/guards.server'
import { ctxFor } from '~/services/context.server'
import { deleteTask, updateTask } from '~/services/group-work/task-editing.server'
import { apiCall, apiRoute, readJson } from '../api.server'
import type { Answer, EmptyAnswer } from '../openapi/operation'
import { publishAtOf, taskAnswerOf } from './task-answers.server'
import { TaskChangeBody, type TaskAnswer } from './tasks.openapi'

const route = apiRoute({
  /** PATCH /api/v3/groups/{groupId}/tasks/{taskId}: changes a task (owners and leaders), answered with it. */
  PATCH: ({ request, params, context }) =>
    apiCall<Answer<typeof TaskAnswer>>(async () => {
      const ctx = ctxFor(await requireApiUser(context), context)
      const { published: _published, publishAt: _publishAt, ...body } = await readJson(request, TaskChangeBody)
      const publishAt = publishAtOf(ctx, { published: _published, publishAt: _publishAt })
      await updateTask(ctx, params.groupId!, params.taskId!, { ...body, ...(publishAt !== undefined ? { publishAt } : {}) })
      return taskAnswerOf(ctx, params.groupId!, params.taskId!)
    }),
  /** DELETE /api/v3/groups/{groupId}/tasks/{taskId}: deletes a task; its loops stay as free loops. */
  DELETE: ({ params, context }) =>
    apiCall<Answer<typeof EmptyAnswer>>(async () => {
      await deleteTask(ctxFor(await requireApiUser(context), context), params.groupId!, params.taskId!)
      return {}
    }),
})

// Separate exports: Remix strips `loader` and `action` (and what only they use) from the browser build by name.
export const loader = route.loader
export const action = route.action
