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
import { routeCall } from '~/http/route-call.server'
import { redirectWithToast } from '~/http/toast.server'
import { requireGroupWork } from '~/services/group-work/group-work-access.server'
import { readForm } from '~/utils/form-body.server'
import { handlerFor } from '~/utils/intent'
import { GROUP_SCREEN, groupRefusalToast } from '../group-not-found.server'
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
  /** Where a success lands: the page the form was on. */
  here: string
  /** The Tasks tab: where a deleted task's page sends the editor. */
  list: string
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
async function remove({ ctx, groupId, form, list }: TasksIntentArgs) {
  const submission = parseWithZod(form, { schema: DeleteTaskFormSchema })
  if (submission.status !== 'success') return badRequest()
  const { taskId, confirmed } = submission.value
  if (!confirmed) {
    const { title, loopCount } = await taskLoopCount(ctx, groupId, taskId)
    return reply({ intent: 'confirm-delete', taskId, title, loopCount })
  }
  const { title } = await deleteTask(ctx, groupId, taskId)
  return redirectWithToast(list, { key: 'groupTasks.toast.deleted', values: { name: title } })
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

type TaskIntent = (args: TasksIntentArgs) => Promise<Response | ReturnType<typeof reply>>

/**
 * The list row's one form (few elements for a list of 60 tasks, bench "group tasks 60"): each
 * button names its intent and the field that goes with it (move up or down, publish now).
 */
const withField =
  (handler: TaskIntent, name: string, value: string): TaskIntent =>
  (args) => {
    const form = new FormData()
    for (const [key, entry] of args.form) form.append(key, entry)
    form.set(name, value)
    return handler({ ...args, form })
  }

export const TASK_INTENTS: Record<string, TaskIntent> = {
  create,
  update,
  move,
  'move-up': withField(move, 'direction', 'up'),
  'move-down': withField(move, 'direction', 'down'),
  publish,
  'publish-now': withField(publish, 'publish', 'now'),
  delete: remove,
  'publish-all': publishAll,
}

/**
 * The action of the Tasks tab, the task page and the new-task page: someone who may not see the
 * group gets the not-found page before the form is read; then the intent's handler, through the
 * one failure mapper.
 */
export async function runTaskIntent(ctx: Ctx, groupId: string, request: Request, paths: { here: string; list: string }) {
  await routeCall(() => requireGroupWork(ctx, groupId), GROUP_SCREEN)
  const form = await readForm(request)
  const handler = handlerFor(TASK_INTENTS, form)
  if (!handler) return badRequest()
  return routeCall(() => handler({ ctx, groupId, form, ...paths }), {
    ...GROUP_SCREEN,
    toast: groupRefusalToast(paths.here),
    failure: 'groupTasks.updateError',
  })
}
