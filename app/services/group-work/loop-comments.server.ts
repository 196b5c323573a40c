import { DomainError } from '~/errors'
import { newId, nowIso } from '~/utils/ids.server'
import { actorOf, type Ctx } from '../context.server'
import { requireFeedbackLoop } from './feedback-loop.server'
import { commentTextField } from './loop-feedback.schemas'
import { noticeComment } from './loop-notices.server'
import { markReadIn } from './loop-reads.server'

/**
 * A comment on a loop (docs/group-work.md "Feedback"): owners and leaders (`can.giveFeedback`)
 * comment on the loops they see, the author answers on their own; a subscriber sees the thread but
 * may not write in it (FORBIDDEN); anyone who may not see the loop gets GROUP_NOT_FOUND. The text is
 * required, at most COMMENT_MAX_LENGTH characters (BAD_REQUEST with `errors.text`). In one
 * transaction: the comment, the loop's `comment_count` and `activity_at`, the commenter's read mark
 * and the notice (loop-notices.server.ts). Returns the comment.
 */
export async function addComment(ctx: Ctx, groupId: string, loopId: string, text: string) {
  const actor = actorOf(ctx)
  const parsed = commentTextField.safeParse(text)
  if (!parsed.success) throw new DomainError('BAD_REQUEST', { errors: { text: parsed.error.issues.map((i) => i.message) } })
  const at = nowIso(ctx.now)
  return ctx.db.transaction().execute(async (trx) => {
    const { work, loop } = await requireFeedbackLoop(ctx, groupId, loopId, trx)
    if (loop.authorId !== actor.id && !work.can.giveFeedback) throw new DomainError('FORBIDDEN')
    const id = newId()
    await trx
      .insertInto('loop_comments')
      .values({ id, loop_id: loop.id, group_id: groupId, author_id: actor.id, text: parsed.data, created_at: at })
      .execute()
    await trx
      .updateTable('loops')
      .set((eb) => ({ comment_count: eb('comment_count', '+', 1), activity_at: at }))
      .where('id', '=', loop.id)
      .execute()
    await markReadIn(trx, actor.id, loop.id, at)
    await noticeComment(trx, ctx.now, { loopId: loop.id, commenterId: actor.id, commenterName: actor.name })
    return {
      id,
      loopId: loop.id,
      loopAuthor: { id: loop.authorId, name: loop.authorName },
      author: { id: actor.id, name: actor.name },
      text: parsed.data,
      created: at,
    }
  })
}
