import type { DB } from '~/db/db.server'
import { DomainError } from '~/errors'
import { newId, nowIso } from '~/utils/ids.server'
import { actorOf, type Ctx } from '../context.server'
import { loopVisibility, requireGroupWork, requireGroupWorkRight, taskVisibility, type GroupWork } from './group-work-access.server'
import { loopPhotoUrl, reencodeLoopPhotos, removeLoopPhotos, storeLoopPhotos } from './loop-photos.server'
import { requireOwnLoop } from './loop-owner.server'
import { type LoopInput } from './loops.schemas'
import { LOOP_TEXT_MAX } from '~/utils/group-work-limits'
import { noticeNewLoop } from './loop-notices.server'
import { markReadIn } from './loop-reads.server'

/**
 * Loops (docs/group-work.md "Loops"): a member's reflection on a task (a report) or a free loop,
 * with an emotional value 1–5, the group's tags and up to three photos. Every read asks the one
 * rule, loopVisibility; a loop the actor may not see is GROUP_NOT_FOUND, as an unknown one.
 * Lists are in loop-lists.server.ts, photos in loop-photos.server.ts.
 */

/** BAD_REQUEST with the fields in error, as the API and the form show them. */
const invalid = (field: string, key: string) => new DomainError('BAD_REQUEST', { errors: { [field]: [key] } })

function checkText(text: string, emotion: number) {
  const trimmed = text.trim()
  if (!trimmed) throw invalid('text', 'validation.required')
  if (trimmed.length > LOOP_TEXT_MAX) throw invalid('text', 'loops.form.textTooLong')
  if (!Number.isInteger(emotion) || emotion < 1 || emotion > 5) throw invalid('emotion', 'loops.form.emotionRequired')
  return trimmed
}

/** The ids of `tagIds`, each a tag of the group, or BAD_REQUEST on `tags`. */
async function groupTagIds(db: DB, groupId: string, tagIds: readonly string[]) {
  const unique = [...new Set(tagIds)]
  if (unique.length === 0) return []
  const rows = await db.selectFrom('group_tags').select('id').where('group_id', '=', groupId).where('id', 'in', unique).execute()
  if (rows.length !== unique.length) throw invalid('tags', 'loops.form.unknownTag')
  return unique
}

/**
 * Writes a loop: a report on a task the actor sees (taskVisibility; another is GROUP_NOT_FOUND) or
 * a free loop where the group takes them (else FREE_LOOPS_OFF); only a role that sends loops
 * (FORBIDDEN). The loop, its tags and its photos are written in one transaction; the photos are
 * re-encoded before it.
 */
export async function createLoop(ctx: Ctx, groupId: string, input: LoopInput & { photos?: readonly Uint8Array[] }) {
  const work = await requireGroupWorkRight(ctx, groupId, 'sendLoops')
  const text = checkText(input.text, input.emotion)
  if (!input.taskId && !work.freeLoops) throw new DomainError('FREE_LOOPS_OFF')
  const photos = await reencodeLoopPhotos(input.photos ?? [])
  const id = newId()
  const now = nowIso(ctx.now)
  await ctx.db.transaction().execute(async (trx) => {
    if (input.taskId) {
      const task = await trx
        .selectFrom('group_tasks')
        .select('id')
        .where('id', '=', input.taskId)
        .where(taskVisibility(work, ctx.now))
        .executeTakeFirst()
      if (!task) throw new DomainError('GROUP_NOT_FOUND')
    }
    const tags = await groupTagIds(trx, groupId, input.tags)
    await trx
      .insertInto('loops')
      .values({
        id,
        group_id: groupId,
        task_id: input.taskId ?? null,
        author_id: work.actorId,
        text,
        emotion: input.emotion,
        created_at: now,
        activity_at: now,
      })
      .execute()
    if (tags.length)
      await trx
        .insertInto('loop_tags')
        .values(tags.map((tag_id) => ({ loop_id: id, tag_id, group_id: groupId })))
        .execute()
    await storeLoopPhotos(trx, { id, group_id: groupId }, photos, ctx.now)
  })
  // The viewers' notice once the loop is there (gathered per viewer, task and day: loop-notices.server.ts).
  await noticeNewLoop(ctx, id)
  return { id }
}

export interface LoopChanges {
  text?: string
  emotion?: number
  tags?: string[]
  /** Photos of the loop to remove. */
  removePhotos?: string[]
  /** Photos to add (at most three in all). */
  photos?: readonly Uint8Array[]
}

/** Changes the actor's own loop until someone has commented on it (LOOP_LOCKED); someone else's is FORBIDDEN. */
export async function updateLoop(ctx: Ctx, groupId: string, loopId: string, changes: LoopChanges) {
  const current = await requireOwnLoop(ctx, groupId, loopId)
  const photos = await reencodeLoopPhotos(changes.photos ?? [])
  await ctx.db.transaction().execute(async (trx) => {
    const loop = await requireOwnLoop(ctx, groupId, loopId, trx)
    const before = await trx.selectFrom('loops').select(['text', 'emotion']).where('id', '=', loopId).executeTakeFirstOrThrow()
    const text = checkText(changes.text ?? before.text, changes.emotion ?? Number(before.emotion))
    if (changes.tags) {
      const tags = await groupTagIds(trx, groupId, changes.tags)
      await trx.deleteFrom('loop_tags').where('loop_id', '=', loopId).execute()
      if (tags.length)
        await trx
          .insertInto('loop_tags')
          .values(tags.map((tag_id) => ({ loop_id: loopId, tag_id, group_id: groupId })))
          .execute()
    }
    await removeLoopPhotos(trx, loopId, changes.removePhotos ?? [])
    await storeLoopPhotos(trx, loop, photos, ctx.now)
    const now = nowIso(ctx.now)
    await trx
      .updateTable('loops')
      .set({ text, emotion: changes.emotion ?? Number(before.emotion), edited_at: now, activity_at: now })
      .where('id', '=', loopId)
      .execute()
    // The author's own edit is no news to them.
    await markReadIn(trx, actorOf(ctx).id, loopId, now)
  })
  return { id: current.id }
}

/** Deletes the actor's own loop, with its tags, photos, comments and read marks (someone else's is FORBIDDEN). */
export async function deleteLoop(ctx: Ctx, groupId: string, loopId: string) {
  const loop = await requireOwnLoop(ctx, groupId, loopId, ctx.db, { unlocked: false })
  await ctx.db.deleteFrom('loops').where('id', '=', loop.id).execute()
  return { id: loop.id }
}

export interface LoopDetail {
  id: string
  groupId: string
  task: { id: string; title: string } | null
  author: { id: string; name: string }
  text: string
  emotion: number
  tags: { id: string; name: string }[]
  photos: { id: string; url: string; width: number; height: number }[]
  createdAt: string
  editedAt: string | null
  approved: { by: { id: string; name: string }; at: string } | null
  comments: { id: string; author: { id: string; name: string }; text: string; createdAt: string }[]
  /** What the actor may do with it: edit (their own, before any comment) and delete (their own). */
  can: { edit: boolean; delete: boolean }
}

/** One loop with its tags, photos, thread (oldest first) and approval, for whoever may see it (else GROUP_NOT_FOUND). */
export async function getLoop(ctx: Ctx, groupId: string, loopId: string): Promise<LoopDetail & { work: GroupWork }> {
  const work = await requireGroupWork(ctx, groupId)
  const row = await ctx.db
    .selectFrom('loops')
    .innerJoin('users as author', 'author.id', 'loops.author_id')
    .leftJoin('group_tasks as task', 'task.id', 'loops.task_id')
    .leftJoin('users as approver', 'approver.id', 'loops.approved_by')
    .select([
      'loops.id',
      'loops.text',
      'loops.emotion',
      'loops.created_at',
      'loops.edited_at',
      'loops.approved_at',
      'loops.comment_count',
      'loops.author_id',
      'author.name as author_name',
      'task.id as task_id',
      'task.title as task_title',
      'approver.id as approver_id',
      'approver.name as approver_name',
    ])
    .where('loops.id', '=', loopId)
    .where(loopVisibility(work))
    .executeTakeFirst()
  if (!row) throw new DomainError('GROUP_NOT_FOUND')
  const [tags, photos, comments] = await Promise.all([
    ctx.db
      .selectFrom('loop_tags')
      .innerJoin('group_tags', 'group_tags.id', 'loop_tags.tag_id')
      .select(['group_tags.id', 'group_tags.name'])
      .where('loop_tags.loop_id', '=', loopId)
      .orderBy('group_tags.name_key')
      .execute(),
    ctx.db.selectFrom('loop_photos').select(['id', 'width', 'height']).where('loop_id', '=', loopId).orderBy('position').execute(),
    ctx.db
      .selectFrom('loop_comments')
      .innerJoin('users', 'users.id', 'loop_comments.author_id')
      .select(['loop_comments.id', 'loop_comments.text', 'loop_comments.created_at', 'users.id as author_id', 'users.name as author_name'])
      .where('loop_comments.loop_id', '=', loopId)
      .orderBy('loop_comments.created_at')
      .orderBy('loop_comments.id')
      .execute(),
  ])
  const mine = row.author_id === work.actorId
  return {
    work,
    id: row.id,
    groupId,
    task: row.task_id ? { id: row.task_id, title: row.task_title ?? '' } : null,
    author: { id: row.author_id, name: row.author_name },
    text: row.text,
    emotion: Number(row.emotion),
    tags,
    photos: photos.map((p) => ({ id: p.id, url: loopPhotoUrl(groupId, loopId, p.id), width: Number(p.width), height: Number(p.height) })),
    createdAt: row.created_at,
    editedAt: row.edited_at,
    approved:
      row.approver_id && row.approved_at ? { by: { id: row.approver_id, name: row.approver_name ?? '' }, at: row.approved_at } : null,
    comments: comments.map((c) => ({ id: c.id, author: { id: c.author_id, name: c.author_name }, text: c.text, createdAt: c.created_at })),
    can: { edit: mine && Number(row.comment_count) === 0, delete: mine },
  }
}
