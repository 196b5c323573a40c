import type { DB } from '~/db/db.server'
import { DomainError } from '~/errors'
import type { Ctx } from '../context.server'
import { loopVisibility, requireGroupWork } from './group-work-access.server'

/**
 * The loop feedback is given on, as the actor may see it (loopVisibility), with the names a notice
 * needs; GROUP_NOT_FOUND for a group or loop they may not see. `db` may be a transaction.
 */
export async function requireFeedbackLoop(ctx: Ctx, groupId: string, loopId: string, db: DB = ctx.db) {
  const work = await requireGroupWork(ctx, groupId, db)
  const loop = await db
    .selectFrom('loops')
    .innerJoin('users as a', 'a.id', 'loops.author_id')
    .leftJoin('group_tasks as t', 't.id', 'loops.task_id')
    .select([
      'loops.id',
      'loops.author_id as authorId',
      'a.name as authorName',
      'loops.task_id as taskId',
      't.title as taskTitle',
      'loops.approved_at as approvedAt',
    ])
    .where('loops.id', '=', loopId)
    .where(loopVisibility(work))
    .executeTakeFirst()
  if (!loop) throw new DomainError('GROUP_NOT_FOUND')
  return { work, loop }
}
