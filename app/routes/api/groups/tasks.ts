import { requireApiUser } from '~/auth/guards.server'
import { ctxFor } from '~/services/context.server'
import { createTask } from '~/services/group-work/task-editing.server'
import { listTasks } from '~/services/group-work/tasks.server'
import { apiCall, apiRoute, readJson } from '../api.server'
import type { Answer } from '../openapi/operation'
import { publishAtOf, taskAnswer, taskAnswerOf } from './task-answers.server'
import { NewTaskBody, type TaskAnswer, type TasksAnswer } from './tasks.openapi'

const route = apiRoute({
  /** GET /api/v3/groups/{groupId}/tasks: the group's tasks as the caller sees them (docs/group-work.md#tasks). */
  GET: ({ params, context }) =>
    apiCall<Answer<typeof TasksAnswer>>(async () => {
      const { tasks } = await listTasks(ctxFor(await requireApiUser(context), context), params.groupId!)
      return tasks.map(taskAnswer)
    }),
  /** POST /api/v3/groups/{groupId}/tasks: adds a task (owners and leaders), answered 201 with it. */
  POST: ({ request, params, context }) =>
    apiCall<Answer<typeof TaskAnswer>>(
      async () => {
        const ctx = ctxFor(await requireApiUser(context), context)
        const body = await readJson(request, NewTaskBody)
        const { id } = await createTask(ctx, params.groupId!, {
          title: body.title,
          description: body.description ?? '',
          roles: body.roles ?? ['member'],
          publishAt: publishAtOf(ctx, body) ?? null,
          dueAt: body.dueAt ?? null,
        })
        return taskAnswerOf(ctx, params.groupId!, id)
      },
      { status: 201 },
    ),
})

// Separate exports: Remix strips `loader` and `action` (and what only they use) from the browser build by name.
export const loader = route.loader
export const action = route.action
