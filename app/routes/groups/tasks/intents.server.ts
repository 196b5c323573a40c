import type { SubmissionResult } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod'
import { data } from '@remix-run/node'
import { actorOf, type Ctx } from '~/services/context.server'
import {
  createTask,
  deleteTask,
  moveTask,
  publishAllDrafts,
  setTaskPublication,
  taskLoopCount,
  updateTask,
} from '~/services/group-work/task-editing.server'
import {
  DeleteTaskFormSchema,
  MoveTaskFormSchema,
  PublishAllFormSchema,
  PublishTaskFormSchema,
  TaskFormSchema,
} from '~/services/group-work/tasks.schemas'
import { redirectWithToast } from '~/http/toast.server'
import { dueMomentOf, momentOfLocal } from './task-times'

/**
 * The forms of the Tasks screen, one handler each; the route's action picks one by `intent`.
 * Success ends in a redirect back with a toast naming the task; a form to show again (validation
 * errors, the question before a delete without JavaScript) is answered as TasksActionData.
 */

export interface TasksIntentArgs {
  ctx: Ctx
  groupId: string
  form: FormData
  here: string
}

export type TasksActionData =
  | { intent: 'create'; result: SubmissionResult<string[]> }
  | { intent: 'update' | 'publish'; taskId: string; result: SubmissionResult<string[]> }
  | { intent: 'confirm-delete'; taskId: string; title: string; loopCount: number }
  | { intent: null; error: string }

const reply = (body: TasksActionData, status = 200) => data(body, { status })
const badRequest = () => reply({ intent: null, error: 'errors.BAD_REQUEST' }, 400)

/** The form's publication as a moment: null a draft, now, or the local time in the user's zone. */
const publishAtOf = (ctx: Ctx, publish: 'draft' | 'now' | 'at', local: string | undefined) =>
  publish === 'draft' ? null : publish === 'now' ? ctx.now.toISOString() : momentOfLocal(local!, actorOf(ctx).timezone)

/** The service's input from the add or edit form. */
function taskInputOf(ctx: Ctx, value: ReturnType<typeof TaskFormSchema.parse>) {
  return {
    title: value.title,
    description: value.description,
    roles: value.roles,
    dueAt: value.due ? dueMomentOf(value.due, actorOf(ctx).timezone) : null,
    publishAt: publishAtOf(ctx, value.publish, value.publishAt),
  }
}

/** intent create: a new task at the end of the order. */
async function create({ ctx, groupId, form, here }: TasksIntentArgs) {
  const submission = parseWithZod(form, { schema: TaskFormSchema })
  if (submission.status !== 'success') return reply({ intent: 'create', result: submission.reply() }, 400)
  const { title } = await createTask(ctx, groupId, taskInputOf(ctx, submission.value))
  return redirectWithToast(here, { key: 'groupTasks.toast.created', values: { name: title } })
}

/** intent update: the edit form of one task (its publication too). */
async function update({ ctx, groupId, form, here }: TasksIntentArgs) {
  const submission = parseWithZod(form, { schema: TaskFormSchema })
  const taskId = String(form.get('taskId') ?? '')
  if (submission.status !== 'success' || !submission.value.taskId)
    return reply({ intent: 'update', taskId, result: submission.reply() }, 400)
  // Its publication has its own buttons: the edit form leaves it as it is.
  const { publishAt: _publication, ...input } = taskInputOf(ctx, submission.value)
  const { title } = await updateTask(ctx, groupId, submission.value.taskId, input)
  return redirectWithToast(here, { key: 'groupTasks.toast.updated', values: { name: title } })
}

/** intent move: one step up or down. */
async function move({ ctx, groupId, form, here }: TasksIntentArgs) {
  const submission = parseWithZod(form, { schema: MoveTaskFormSchema })
  if (submission.status !== 'success') return badRequest()
  const { title } = await moveTask(ctx, groupId, submission.value.taskId, submission.value.direction)
  return redirectWithToast(here, { key: 'groupTasks.toast.moved', values: { name: title } })
}

/** intent publish: now, at a time, or back to a draft. */
async function publish({ ctx, groupId, form, here }: TasksIntentArgs) {
  const submission = parseWithZod(form, { schema: PublishTaskFormSchema })
  const taskId = String(form.get('taskId') ?? '')
  if (submission.status !== 'success') return reply({ intent: 'publish', taskId, result: submission.reply() }, 400)
  const { publish: when, publishAt } = submission.value
  const at = publishAtOf(ctx, when, publishAt)
  const { title } = await setTaskPublication(ctx, groupId, submission.value.taskId, at ? new Date(at) : null)
  const key =
    when === 'draft' ? 'groupTasks.toast.unpublished' : when === 'now' ? 'groupTasks.toast.published' : 'groupTasks.toast.scheduled'
  return redirectWithToast(here, { key, values: { name: title } })
}

/** intent delete: asks first (without JavaScript), naming how many loops are on the task, then deletes it. */
async function remove({ ctx, groupId, form, here }: TasksIntentArgs) {
  const submission = parseWithZod(form, { schema: DeleteTaskFormSchema })
  if (submission.status !== 'success') return badRequest()
  const { taskId, confirmed } = submission.value
  if (!confirmed) {
    const { title, loopCount } = await taskLoopCount(ctx, groupId, taskId)
    return reply({ intent: 'confirm-delete', taskId, title, loopCount })
  }
  const { title } = await deleteTask(ctx, groupId, taskId)
  return redirectWithToast(here, { key: 'groupTasks.toast.deleted', values: { name: title } })
}

/** intent publish-all: every draft of the group, now. */
async function publishAll({ ctx, groupId, form, here }: TasksIntentArgs) {
  const submission = parseWithZod(form, { schema: PublishAllFormSchema })
  if (submission.status !== 'success') return badRequest()
  const { count } = await publishAllDrafts(ctx, groupId)
  if (!count) return redirectWithToast(here, { key: 'groupTasks.toast.publishedNone' })
  const values = { count: String(count) }
  return redirectWithToast(here, { key: 'groupTasks.toast.publishedAll', values })
}

export const TASK_INTENTS = { create, update, move, publish, delete: remove, 'publish-all': publishAll }
