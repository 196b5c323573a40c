import type { DB } from '~/db/db.server'
import { noticeApproval, noticeComment, noticeNewLoop } from '~/services/group-work/loop-notices.server'

/**
 * The feed of "Skolstart 7B"'s people the moment they sign in (issue 34 item 9), written by the
 * services that write them in use: Emma reads Erik's approval and his question waiting for her
 * answer; Erik and Sofia (for whom she follows) read the day's new loops, gathered per task.
 */
export async function seedGroupWorkNotices(
  db: DB,
  input: {
    erikId: string
    approved: { loopId: string; at: string } | null
    question: { loopId: string; at: string } | null
    recent: { loopId: string; at: string }[]
  },
) {
  const erik = await db.selectFrom('users').select('name').where('id', '=', input.erikId).executeTakeFirstOrThrow()
  const teacher = { approverId: input.erikId, approverName: erik.name }
  if (input.approved) await noticeApproval(db, new Date(input.approved.at), { loopId: input.approved.loopId, ...teacher })
  if (input.question)
    await noticeComment(db, new Date(input.question.at), {
      loopId: input.question.loopId,
      commenterId: input.erikId,
      commenterName: erik.name,
    })
  for (const loop of [...input.recent].sort((a, b) => a.at.localeCompare(b.at)))
    await noticeNewLoop({ db, actor: null, now: new Date(loop.at), client: 'seed' }, loop.loopId)
}
