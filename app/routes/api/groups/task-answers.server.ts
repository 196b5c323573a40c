import type { z } from 'zod'
import type { Ctx } from '~/services/context.server'
import { requireGroupWork } from '~/services/group-work/group-work-access.server'
import { readTasks, type TaskView } from '~/services/group-work/tasks.server'
import type { TagView } from '~/services/group-work/tags.server'
import { DomainError } from '~/errors'
import type { Answer } from '../openapi/operation'
import type { NewTaskBody, TagAnswer, TaskAnswer, TaskChangeBody } from './tasks.openapi'

/** The API's shapes of tasks and tags (tasks.openapi.ts), from the services' views. */

export const taskAnswer = (task: TaskView): Answer<typeof TaskAnswer> => ({
  _id: task.id,
  title: task.title,
  description: task.description,
  roles: task.roles,
  published: task.published,
  publishAt: task.publishedAt,
  dueAt: task.dueAt,
  order: task.position,
})

export const tagAnswer = (tag: TagView): Answer<typeof TagAnswer> => ({ _id: tag.id, name: tag.name, description: tag.description })

/** One task as the actor now sees it (after a change), in the API's shape. */
export async function taskAnswerOf(ctx: Ctx, groupId: string, taskId: string) {
  const work = await requireGroupWork(ctx, groupId)
  const [task] = await readTasks(ctx, work, ctx.db, taskId)
  if (!task) throw new DomainError('GROUP_NOT_FOUND')
  return taskAnswer(task)
}

/** `published` and `publishAt` of a body as the service's `publishAt` (undefined: unchanged). */
export function publishAtOf(
  ctx: Ctx,
  body: Pick<z.infer<typeof NewTaskBody> | z.infer<typeof TaskChangeBody>, 'published' | 'publishAt'>,
): string | null | undefined {
  if (body.published === false) return null
  if (body.publishAt !== undefined) return body.publishAt
  if (body.published === true) return ctx.now.toISOString()
  return undefined
}
