import type { DB } from '~/db/db.server'
import { DomainError } from '~/errors'
import { newId } from '~/utils/ids.server'
import type { Ctx } from '../context.server'
import { loopVisibility, requireGroupWorkRight, type GroupWork } from './group-work-access.server'
import { TaskInputSchema, TaskPatchSchema, type TaskInput, type TaskPatch } from './tasks.schemas'

/**
 * Changing a group's tasks (docs/group-work.md#tasks): add, edit, reorder, publish (now or at a
 * time), take back to a draft, delete, and publish every draft at once. Only a role that edits
 * tasks (`can.editTasks`: FORBIDDEN otherwise; GROUP_NOT_FOUND for those who cannot see the
 * group), and only while the group and its organization are active (FORBIDDEN,
 * ORGANIZATION_INACTIVE). A task of another group is GROUP_NOT_FOUND. Each change runs in one
 * transaction.
 */

/** The group's work if the actor may change its tasks and tags now (also used by tags.server.ts). */
export async function requireWorkEditor(ctx: Ctx, groupId: string, db: DB): Promise<GroupWork> {
  const work = await requireGroupWorkRight(ctx, groupId, 'editTasks', db)
  if (!work.access.organization.active) throw new DomainError('ORGANIZATION_INACTIVE')
  if (!work.access.group.active) throw new DomainError('FORBIDDEN')
  return work
}

async function requireTask(db: DB, groupId: string, taskId: string) {
  const task = await db
    .selectFrom('group_tasks')
    .select(['id', 'title', 'published_at'])
    .where('group_id', '=', groupId)
    .where('id', '=', taskId)
    .executeTakeFirst()
  if (!task) throw new DomainError('GROUP_NOT_FOUND')
  return task
}

const parse = <T>(result: { success: true; data: T } | { success: false; error: { flatten(): { fieldErrors: unknown } } }): T => {
  if (!result.success) throw new DomainError('BAD_REQUEST', { errors: result.error.flatten().fieldErrors as Record<string, string[]> })
  return result.data
}

async function writeRoles(db: DB, groupId: string, taskId: string, roles: string[]) {
  await db.deleteFrom('group_task_roles').where('task_id', '=', taskId).execute()
  await db
    .insertInto('group_task_roles')
    .values(roles.map((role) => ({ task_id: taskId, group_id: groupId, role: role as 'member' })))
    .execute()
}

/** The group's task ids in order. */
const orderedIds = async (db: DB, groupId: string) =>
  (await db.selectFrom('group_tasks').select('id').where('group_id', '=', groupId).orderBy('position').orderBy('id').execute()).map(
    (r) => r.id,
  )

/** Puts the task at `index` of the group's order (clamped) and renumbers the tasks whose place changed. */
async function place(db: DB, groupId: string, taskId: string, index: number) {
  const ids = (await orderedIds(db, groupId)).filter((id) => id !== taskId)
  ids.splice(Math.max(0, Math.min(index, ids.length)), 0, taskId)
  const current = new Map(
    (await db.selectFrom('group_tasks').select(['id', 'position']).where('group_id', '=', groupId).execute()).map((r) => [
      r.id,
      Number(r.position),
    ]),
  )
  for (const [position, id] of ids.entries())
    if (current.get(id) !== position) await db.updateTable('group_tasks').set({ position }).where('id', '=', id).execute()
}

/** Adds a task at the end of the group's order. */
export async function createTask(ctx: Ctx, groupId: string, input: TaskInput): Promise<{ id: string; title: string }> {
  const value = parse(TaskInputSchema.safeParse(input))
  return ctx.db.transaction().execute(async (trx) => {
    const work = await requireWorkEditor(ctx, groupId, trx)
    const last = await trx
      .selectFrom('group_tasks')
      .select((eb) => eb.fn.max('position').as('max'))
      .where('group_id', '=', groupId)
      .executeTakeFirst()
    const id = newId()
    const now = ctx.now.toISOString()
    await trx
      .insertInto('group_tasks')
      .values({
        id,
        group_id: groupId,
        package_id: null,
        package_role_name: '',
        title: value.title,
        instructions: value.description,
        position: last?.max === null || last?.max === undefined ? 0 : Number(last.max) + 1,
        published_at: value.publishAt,
        due_at: value.dueAt,
        created_by: work.actorId,
        created_at: now,
        updated_at: now,
      })
      .execute()
    await writeRoles(trx, groupId, id, value.roles)
    return { id, title: value.title }
  })
}

/** Changes a task: any of its fields, its publication (`publishAt` null: back to a draft) and its place (`order`). */
export async function updateTask(ctx: Ctx, groupId: string, taskId: string, patch: TaskPatch): Promise<{ id: string; title: string }> {
  const value = parse(TaskPatchSchema.safeParse(patch))
  return ctx.db.transaction().execute(async (trx) => {
    await requireWorkEditor(ctx, groupId, trx)
    const task = await requireTask(trx, groupId, taskId)
    const set = {
      ...(value.title !== undefined ? { title: value.title } : {}),
      ...(value.description !== undefined ? { instructions: value.description } : {}),
      ...(value.publishAt !== undefined ? { published_at: value.publishAt } : {}),
      ...(value.dueAt !== undefined ? { due_at: value.dueAt } : {}),
    }
    await trx
      .updateTable('group_tasks')
      .set({ ...set, updated_at: ctx.now.toISOString() })
      .where('id', '=', taskId)
      .execute()
    if (value.roles) await writeRoles(trx, groupId, taskId, value.roles)
    if (value.order !== undefined) await place(trx, groupId, taskId, value.order)
    return { id: taskId, title: value.title ?? task.title }
  })
}

/** Moves a task one step up or down in the group's order (the first stays first, the last last). */
export async function moveTask(ctx: Ctx, groupId: string, taskId: string, direction: 'up' | 'down') {
  return ctx.db.transaction().execute(async (trx) => {
    await requireWorkEditor(ctx, groupId, trx)
    const task = await requireTask(trx, groupId, taskId)
    const index = (await orderedIds(trx, groupId)).indexOf(taskId)
    await place(trx, groupId, taskId, direction === 'up' ? index - 1 : index + 1)
    return { id: taskId, title: task.title }
  })
}

/** Publishes a task at `at` (now or later), or takes it back to a draft (null). */
export async function setTaskPublication(ctx: Ctx, groupId: string, taskId: string, at: Date | null) {
  return updateTask(ctx, groupId, taskId, { publishAt: at ? at.toISOString() : null })
}

/** How many loops are on a task (for the question before deleting it); GROUP_NOT_FOUND for a task of another group. */
export async function taskLoopCount(ctx: Ctx, groupId: string, taskId: string) {
  const work = await requireWorkEditor(ctx, groupId, ctx.db)
  const task = await requireTask(ctx.db, groupId, taskId)
  const row = await ctx.db
    .selectFrom('loops')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where(loopVisibility(work))
    .where('loops.task_id', '=', taskId)
    .executeTakeFirstOrThrow()
  return { id: taskId, title: task.title, loopCount: Number(row.n) }
}

/** Deletes a task; the loops on it stay, as free loops (the foreign key sets their task to null). */
export async function deleteTask(ctx: Ctx, groupId: string, taskId: string) {
  const counted = await taskLoopCount(ctx, groupId, taskId)
  await ctx.db.transaction().execute(async (trx) => {
    await requireWorkEditor(ctx, groupId, trx)
    await requireTask(trx, groupId, taskId)
    await trx.updateTable('loops').set({ task_id: null }).where('group_id', '=', groupId).where('task_id', '=', taskId).execute()
    await trx.deleteFrom('group_tasks').where('id', '=', taskId).execute()
  })
  return counted
}

/** Publishes every draft of the group now; answers how many. */
export async function publishAllDrafts(ctx: Ctx, groupId: string): Promise<{ count: number }> {
  return ctx.db.transaction().execute(async (trx) => {
    await requireWorkEditor(ctx, groupId, trx)
    const now = ctx.now.toISOString()
    const result = await trx
      .updateTable('group_tasks')
      .set({ published_at: now, updated_at: now })
      .where('group_id', '=', groupId)
      .where('published_at', 'is', null)
      .executeTakeFirst()
    return { count: Number(result.numUpdatedRows) }
  })
}
