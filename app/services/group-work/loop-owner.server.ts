import type { DB } from '~/db/db.server'
import { DomainError } from '~/errors'
import type { Ctx } from '../context.server'
import { loopVisibility, requireGroupWork } from './group-work-access.server'

/**
 * The actor's own loop, to change: GROUP_NOT_FOUND when they may not see it, FORBIDDEN when it is
 * someone else's (a leader sees it but does not write it), LOOP_LOCKED once someone has commented
 * (`unlocked: false` for a delete, which stays open). `db` may be a transaction.
 */
export async function requireOwnLoop(ctx: Ctx, groupId: string, loopId: string, db: DB = ctx.db, { unlocked = true } = {}) {
  const work = await requireGroupWork(ctx, groupId, db)
  const loop = await db
    .selectFrom('loops')
    .select(['id', 'group_id', 'author_id', 'task_id', 'comment_count'])
    .where('id', '=', loopId)
    .where(loopVisibility(work))
    .executeTakeFirst()
  if (!loop) throw new DomainError('GROUP_NOT_FOUND')
  if (loop.author_id !== work.actorId) throw new DomainError('FORBIDDEN')
  if (unlocked && Number(loop.comment_count) > 0) throw new DomainError('LOOP_LOCKED')
  return { ...loop, work }
}
