import { DomainError } from '~/errors'
import { nowIso } from '~/utils/ids.server'
import { actorOf, type Ctx } from '../context.server'
import { requireFeedbackLoop } from './feedback-loop.server'
import { noticeApproval } from './loop-notices.server'
import { markReadIn } from './loop-reads.server'

/**
 * Approves a report ("Godkänd"/"Approved") or takes the approval back (docs/group-work.md
 * "Feedback"): owners and leaders (`can.giveFeedback`) only, else FORBIDDEN; a loop the actor may not
 * see is GROUP_NOT_FOUND; a free loop (no task) is not a report and cannot be approved
 * (BAD_REQUEST). Approving sets approved_by/at and activity_at and tells the author; taking it back
 * clears them (and tells no one, nor marks the loop unread). Doing what is already done changes nothing. Returns the approval.
 */
export async function setApproval(ctx: Ctx, groupId: string, loopId: string, approved: boolean) {
  const actor = actorOf(ctx)
  const at = nowIso(ctx.now)
  return ctx.db.transaction().execute(async (trx) => {
    const { work, loop } = await requireFeedbackLoop(ctx, groupId, loopId, trx)
    if (!work.can.giveFeedback) throw new DomainError('FORBIDDEN')
    if (loop.taskId === null) throw new DomainError('BAD_REQUEST', { errors: { approved: ['loopFeedback.approval.freeLoop'] } })
    const taskTitle = loop.taskTitle ?? ''
    if (approved === (loop.approvedAt !== null)) {
      const current = await trx
        .selectFrom('loops')
        .leftJoin('users as u', 'u.id', 'loops.approved_by')
        .select(['loops.approved_by', 'u.name', 'loops.approved_at'])
        .where('loops.id', '=', loop.id)
        .executeTakeFirstOrThrow()
      return {
        loopId: loop.id,
        authorName: loop.authorName,
        taskTitle,
        changed: false,
        approved: current.approved_at ? { by: { id: current.approved_by, name: current.name }, at: current.approved_at } : null,
      }
    }
    await trx
      .updateTable('loops')
      .set(approved ? { approved_by: actor.id, approved_at: at, activity_at: at } : { approved_by: null, approved_at: null })
      .where('id', '=', loop.id)
      .execute()
    if (approved) await markReadIn(trx, actor.id, loop.id, at)
    if (approved) await noticeApproval(trx, ctx.now, { loopId: loop.id, approverId: actor.id, approverName: actor.name })
    return {
      loopId: loop.id,
      authorName: loop.authorName,
      taskTitle,
      changed: true,
      approved: approved ? { by: { id: actor.id as string | null, name: actor.name as string | null }, at } : null,
    }
  })
}
