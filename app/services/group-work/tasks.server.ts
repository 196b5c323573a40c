import { sql } from 'kysely'
import type { DB } from '~/db/db.server'
import type { GroupRole } from '~/db/schema'
import { DomainError } from '~/errors'
import type { Ctx } from '../context.server'
import { loopCountScope, loopVisibility, requireGroupWork, taskVisibility, type GroupWork } from './group-work-access.server'

/**
 * A group's tasks as the actor sees them (docs/group-work.md#tasks): members the published tasks
 * of their role, in the group's order; those who edit tasks (and an organization admin outside the
 * group) every task, drafts too. Which tasks is `taskVisibility`; the loop counts are counted
 * under `loopCountScope`, so nobody learns of loops they may not see (an admin outside the group counts them all). Changes: task-editing.server.ts.
 */

export type TaskStatus = 'draft' | 'scheduled' | 'published'

export interface TaskView {
  id: string
  title: string
  description: string
  roles: GroupRole[]
  /** null: a draft; a future time: scheduled. */
  publishedAt: string | null
  dueAt: string | null
  position: number
  published: boolean
  status: TaskStatus
  /** Copied from a library package (the overview's "publish all" call to action counts these). */
  fromPackage: boolean
  /** The actor's own loops on the task. */
  myLoopCount: number
  /** The loops on the task the actor may see (all for owners and leaders, none for an admin outside). */
  loopCount: number
}

export interface TaskList {
  work: GroupWork
  tasks: TaskView[]
  /** Drafts among the tasks (only those who edit tasks see drafts). */
  draftCount: number
  /** Drafts copied from a package. */
  packageDraftCount: number
}

const statusOf = (publishedAt: string | null, now: Date): TaskStatus =>
  publishedAt === null ? 'draft' : publishedAt > now.toISOString() ? 'scheduled' : 'published'

/** The loop counts per task: all the actor sees, and their own. */
async function loopCounts(db: DB, work: GroupWork, taskIds: string[]) {
  const counts = new Map<string, { all: number; mine: number }>()
  if (!taskIds.length) return counts
  const rows = await db
    .selectFrom('loops')
    .select([
      'loops.task_id',
      (eb) => eb.fn.countAll<number | string>().as('n'),
      sql<number | string>`sum(case when loops.author_id = ${work.actorId} then 1 else 0 end)`.as('mine'),
    ])
    .where(loopCountScope(work))
    .where('loops.task_id', 'in', taskIds)
    .groupBy('loops.task_id')
    .execute()
  for (const r of rows) counts.set(r.task_id!, { all: Number(r.n), mine: Number(r.mine ?? 0) })
  return counts
}

/** The tasks of `work`'s group the actor sees, in order (one task with `taskId`). */
export async function readTasks(ctx: Ctx, work: GroupWork, db: DB = ctx.db, taskId?: string): Promise<TaskView[]> {
  const rows = await db
    .selectFrom('group_tasks')
    .select(['id', 'title', 'instructions', 'published_at', 'due_at', 'position', 'package_id'])
    .where(taskVisibility(work, ctx.now))
    .$if(taskId !== undefined, (qb) => qb.where('id', '=', taskId!))
    .orderBy('position')
    .orderBy('id')
    .execute()
  const ids = rows.map((r) => r.id)
  const roles = new Map<string, GroupRole[]>()
  if (ids.length) {
    const roleRows = await db
      .selectFrom('group_task_roles')
      .select(['task_id', 'role'])
      .where('group_id', '=', work.access.group.id)
      .where('task_id', 'in', ids)
      .execute()
    for (const r of roleRows) roles.set(r.task_id, [...(roles.get(r.task_id) ?? []), r.role])
  }
  const counts = await loopCounts(db, work, ids)
  const order: GroupRole[] = ['owner', 'leader', 'member', 'subscriber']
  return rows.map((r) => {
    const status = statusOf(r.published_at, ctx.now)
    return {
      id: r.id,
      title: r.title,
      description: r.instructions,
      roles: (roles.get(r.id) ?? []).sort((a, b) => order.indexOf(a) - order.indexOf(b)),
      publishedAt: r.published_at,
      dueAt: r.due_at,
      position: Number(r.position),
      published: status === 'published',
      status,
      fromPackage: r.package_id !== null,
      myLoopCount: counts.get(r.id)?.mine ?? 0,
      loopCount: counts.get(r.id)?.all ?? 0,
    }
  })
}

/** The group's tasks as the actor sees them, or GROUP_NOT_FOUND. */
export async function listTasks(ctx: Ctx, groupId: string): Promise<TaskList> {
  const work = await requireGroupWork(ctx, groupId)
  const tasks = await readTasks(ctx, work)
  const drafts = tasks.filter((t) => t.status === 'draft')
  return { work, tasks, draftCount: drafts.length, packageDraftCount: drafts.filter((t) => t.fromPackage).length }
}

export interface TaskDetail {
  work: GroupWork
  task: TaskView
  /** The actor's own loops on the task, newest first. */
  myLoops: { id: string; createdAt: string; commentCount: number; approved: boolean }[]
}

/** One task as the actor sees it, with their own loops on it; GROUP_NOT_FOUND when they may not see it. */
export async function getTask(ctx: Ctx, groupId: string, taskId: string): Promise<TaskDetail> {
  const work = await requireGroupWork(ctx, groupId)
  const [task] = await readTasks(ctx, work, ctx.db, taskId)
  if (!task) throw new DomainError('GROUP_NOT_FOUND')
  const loops = await ctx.db
    .selectFrom('loops')
    .select(['id', 'created_at', 'comment_count', 'approved_at'])
    .where(loopVisibility(work))
    .where('loops.task_id', '=', taskId)
    .where('loops.author_id', '=', work.actorId)
    .orderBy('created_at', 'desc')
    .execute()
  return {
    work,
    task,
    myLoops: loops.map((l) => ({
      id: l.id,
      createdAt: l.created_at,
      commentCount: Number(l.comment_count),
      approved: l.approved_at !== null,
    })),
  }
}

/**
 * The overview's "Your tasks": the published tasks of the actor's own role they have not written
 * a loop on yet, first in the group's order (at most `limit`), and how many of those there are.
 */
export function nextTasks(list: TaskList, limit = 5) {
  const role = list.work.access.role
  const open = list.tasks.filter((t) => t.published && role !== null && t.roles.includes(role) && t.myLoopCount === 0)
  return { tasks: open.slice(0, limit), openCount: open.length }
}
