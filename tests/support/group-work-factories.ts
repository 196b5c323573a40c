import { db } from '~/db/db.server'
import type { GroupRole } from '~/db/schema'
import { newId, nowIso } from '~/utils/ids.server'

/**
 * Factories for a group's work: tasks, tags, loops, comments and follows, written the way the
 * services leave them (loops.comment_count equals its comments, activity_at the last change).
 */

export interface TaskOptions {
  title?: string
  description?: string
  roles?: GroupRole[]
  /** true: published now; a Date: published at that time; false: a draft (the default is published). */
  published?: boolean | Date
  dueAt?: Date | null
  position?: number
}

export async function createTask(groupId: string, options: TaskOptions = {}) {
  const id = newId()
  const now = nowIso()
  const published = options.published ?? true
  const position =
    options.position ??
    Number(
      (
        await db()
          .selectFrom('group_tasks')
          .select((eb) => eb.fn.countAll<number | string>().as('n'))
          .where('group_id', '=', groupId)
          .executeTakeFirstOrThrow()
      ).n,
    )
  await db()
    .insertInto('group_tasks')
    .values({
      id,
      group_id: groupId,
      package_id: null,
      package_role_name: '',
      title: options.title ?? `Task ${id.slice(0, 6)}`,
      instructions: options.description ?? '',
      position,
      published_at: published === true ? now : published === false ? null : published.toISOString(),
      due_at: options.dueAt ? options.dueAt.toISOString() : null,
      created_at: now,
      updated_at: now,
    })
    .execute()
  await db()
    .insertInto('group_task_roles')
    .values((options.roles ?? ['member']).map((role) => ({ task_id: id, group_id: groupId, role })))
    .execute()
  return { id }
}

export async function createTag(groupId: string, name = `Tag ${newId().slice(0, 6)}`, description = '') {
  const id = newId()
  await db()
    .insertInto('group_tags')
    .values({ id, group_id: groupId, name, name_key: name.trim().toLowerCase(), description, created_at: nowIso() })
    .execute()
  return { id, name }
}

export interface LoopOptions {
  taskId?: string | null
  text?: string
  emotion?: number
  tagIds?: string[]
  created?: Date
}

export async function createLoop(groupId: string, authorId: string, options: LoopOptions = {}) {
  const id = newId()
  const created = nowIso(options.created)
  await db()
    .insertInto('loops')
    .values({
      id,
      group_id: groupId,
      task_id: options.taskId ?? null,
      author_id: authorId,
      text: options.text ?? `Loop ${id.slice(0, 6)}`,
      emotion: options.emotion ?? 3,
      created_at: created,
      activity_at: created,
    })
    .execute()
  if (options.tagIds?.length)
    await db()
      .insertInto('loop_tags')
      .values(options.tagIds.map((tag_id) => ({ loop_id: id, tag_id, group_id: groupId })))
      .execute()
  return { id }
}

export async function createComment(loopId: string, authorId: string, text = 'A comment') {
  const loop = await db().selectFrom('loops').select('group_id').where('id', '=', loopId).executeTakeFirstOrThrow()
  const id = newId()
  const now = nowIso()
  await db()
    .insertInto('loop_comments')
    .values({ id, loop_id: loopId, group_id: loop.group_id, author_id: authorId, text, created_at: now })
    .execute()
  await db()
    .updateTable('loops')
    .set((eb) => ({ comment_count: eb('comment_count', '+', 1), activity_at: now }))
    .where('id', '=', loopId)
    .execute()
  return { id }
}

/** The subscriber follows the member (both must be members of the group). */
export async function follow(groupId: string, subscriberId: string, memberId: string) {
  await db()
    .insertInto('group_follows')
    .values({ group_id: groupId, subscriber_id: subscriberId, member_id: memberId, created_at: nowIso() })
    .execute()
}
