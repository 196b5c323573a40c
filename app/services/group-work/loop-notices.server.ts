import type { DB } from '~/db/db.server'
import { loopNoticeEmail, type LoopMailKind } from '~/mail/loop-notice-mail.server'
import { enqueueMails } from '~/mail/outbox.server'
import { newId, nowIso } from '~/utils/ids.server'
import { createAlerts, subscribedUsers } from '../alerts/alerts.server'
import type { AlertTemplate } from '../alerts/alert-templates'
import { dayIn } from '../alerts/feed.server'
import type { Ctx } from '../context.server'
import { GROUP_ROLES, rightsOf } from '../groups/group-roles'

/**
 * The notices of group work (docs/notices.md, docs/group-work.md "Notices"), written in the
 * transaction of the change they report, to the feed and, by the same preference, by email:
 *
 * - `loop.new`: a new loop, to the group's viewers who may see it (owners and leaders; a subscriber
 *   following its author). Gathered per viewer, task (or the group's free loops) and day in the
 *   viewer's time zone: the day's first loop writes the notice (and its email), each further one
 *   updates it (count, latest author, moved to the top as new again), so a class of 30 makes one
 *   notice, not 30, and one email.
 * - `loop.comment`: a comment, to the loop's author; the author's answer, to those who commented.
 * - `loop.approved`: an approval, to the author.
 */

/** The roles that see every loop of their group and those that see the members they follow: the role table's. */
const SEES_ALL = GROUP_ROLES.filter((r) => rightsOf(r).permissions['reports.view_others'] && !rightsOf(r).isSubscriber)
const FOLLOWS = GROUP_ROLES.filter((r) => rightsOf(r).isSubscriber)

/** How far back a notice of the same day may lie (a day in any time zone fits in it). */
const SAME_DAY_WINDOW_MS = 2 * 86_400_000

interface NoticeLoop {
  id: string
  groupId: string
  groupName: string
  organizationId: string
  authorId: string
  authorName: string
  taskId: string | null
  taskTitle: string | null
}

async function noticeLoopOf(db: DB, loopId: string): Promise<NoticeLoop | undefined> {
  return db
    .selectFrom('loops as l')
    .innerJoin('groups as g', 'g.id', 'l.group_id')
    .innerJoin('users as a', 'a.id', 'l.author_id')
    .leftJoin('group_tasks as t', 't.id', 'l.task_id')
    .select([
      'l.id',
      'l.group_id as groupId',
      'g.name as groupName',
      'g.organization_id as organizationId',
      'l.author_id as authorId',
      'a.name as authorName',
      'l.task_id as taskId',
      't.title as taskTitle',
    ])
    .where('l.id', '=', loopId)
    .executeTakeFirst()
}

export const loopPath = (groupId: string, loopId: string) => `/groups/${groupId}/loops/${loopId}`

/** The members of the loop's group, other than its author, who see it (loopVisibility's rule, by role). */
async function viewersOf(db: DB, loop: NoticeLoop) {
  const rows = await db
    .selectFrom('group_members as gm')
    .select('gm.user_id')
    .where('gm.group_id', '=', loop.groupId)
    .where('gm.user_id', '!=', loop.authorId)
    .where((eb) =>
      eb.or([
        eb('gm.role', 'in', SEES_ALL),
        eb.and([
          eb('gm.role', 'in', FOLLOWS),
          eb.exists(
            eb
              .selectFrom('group_follows as f')
              .select('f.member_id')
              .whereRef('f.group_id', '=', 'gm.group_id')
              .whereRef('f.subscriber_id', '=', 'gm.user_id')
              .where('f.member_id', '=', loop.authorId),
          ),
        ]),
      ]),
    )
    .execute()
  return rows.map((r) => r.user_id)
}

/** The members of the group among `userIds` (a notice goes only to someone who is still in it). */
async function membersAmong(db: DB, groupId: string, userIds: readonly string[], roles?: readonly string[]) {
  if (userIds.length === 0) return []
  let query = db
    .selectFrom('group_members')
    .select('user_id')
    .where('group_id', '=', groupId)
    .where('user_id', 'in', [...new Set(userIds)])
  if (roles) query = query.where('role', 'in', roles as never)
  return (await query.execute()).map((r) => r.user_id)
}

async function recipientsOf(db: DB, template: AlertTemplate, userIds: readonly string[]) {
  const subscribed = await subscribedUsers(db, template, userIds)
  if (subscribed.size === 0) return []
  return db
    .selectFrom('users')
    .select(['id', 'name', 'email', 'locale', 'timezone'])
    .where('id', 'in', [...subscribed])
    .execute()
}

const baseData = (loop: NoticeLoop) => ({ groupId: loop.groupId, groupName: loop.groupName, taskTitle: loop.taskTitle, loopId: loop.id })

/** Writes one notice per recipient (alert and email, each by the user's preference) for a comment or an approval. */
async function noticeEach(
  db: DB,
  now: Date,
  loop: NoticeLoop,
  input: { template: AlertTemplate; actorId: string; actorName: string; userIds: string[]; mail: LoopMailKind; answer?: boolean },
) {
  const recipients = (await recipientsOf(db, input.template, input.userIds)).filter((u) => u.id !== input.actorId)
  await createAlerts(
    db,
    recipients.map((u) => ({
      userId: u.id,
      template: input.template,
      target: { type: 'loop' as const, id: loop.id },
      actorId: input.actorId,
      organizationId: loop.organizationId,
      data: { ...baseData(loop), ...(input.answer ? { answer: true } : {}) },
    })),
    now,
  )
  await enqueueMails(
    db,
    recipients.map((u) =>
      loopNoticeEmail({
        to: u,
        kind: input.mail,
        actor: input.actorName,
        groupName: loop.groupName,
        taskTitle: loop.taskTitle,
        path: loopPath(loop.groupId, loop.id),
      }),
    ),
    now,
  )
  return recipients.length
}

/**
 * A comment on the loop by `commenterId`, in its transaction: to the author when someone else
 * comments; when the author answers, to those who commented before and still give feedback in the
 * group. Returns the number of notices.
 */
export async function noticeComment(db: DB, now: Date, input: { loopId: string; commenterId: string; commenterName: string }) {
  const loop = await noticeLoopOf(db, input.loopId)
  if (!loop) return 0
  const answer = input.commenterId === loop.authorId
  let userIds: string[]
  if (!answer) userIds = await membersAmong(db, loop.groupId, [loop.authorId])
  else {
    const earlier = await db
      .selectFrom('loop_comments')
      .select('author_id')
      .distinct()
      .where('loop_id', '=', loop.id)
      .where('author_id', '!=', loop.authorId)
      .execute()
    userIds = await membersAmong(
      db,
      loop.groupId,
      earlier.map((r) => r.author_id),
      SEES_ALL,
    )
  }
  return noticeEach(db, now, loop, {
    template: 'loop.comment',
    actorId: input.commenterId,
    actorName: input.commenterName,
    userIds,
    mail: answer ? 'answer' : 'comment',
    answer,
  })
}

/** An approval of the report, in its transaction: to its author. Taking it back tells no one. */
export async function noticeApproval(db: DB, now: Date, input: { loopId: string; approverId: string; approverName: string }) {
  const loop = await noticeLoopOf(db, input.loopId)
  if (!loop) return 0
  return noticeEach(db, now, loop, {
    template: 'loop.approved',
    actorId: input.approverId,
    actorName: input.approverName,
    userIds: await membersAmong(db, loop.groupId, [loop.authorId]),
    mail: 'approved',
  })
}

function parseData(text: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(text)
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {}
  } catch {
    return {}
  }
}

/**
 * A new loop: tells the group's viewers who may see it, one notice per viewer, task and day (see
 * the module's comment). To be called once the loop is committed (by createLoop); runs in its own
 * transaction. Returns the notices written and updated.
 */
export async function noticeNewLoop(ctx: Ctx, loopId: string) {
  return ctx.db.transaction().execute(async (trx) => {
    const loop = await noticeLoopOf(trx, loopId)
    if (!loop) return { written: 0, updated: 0 }
    const now = ctx.now
    const at = nowIso(now)
    const target = loop.taskId ? { type: 'task' as const, id: loop.taskId } : { type: 'group' as const, id: loop.groupId }
    const recipients = await recipientsOf(trx, 'loop.new', await viewersOf(trx, loop))
    if (recipients.length === 0) return { written: 0, updated: 0 }
    const earlier = await trx
      .selectFrom('alerts')
      .select(['id', 'user_id', 'data'])
      .where(
        'user_id',
        'in',
        recipients.map((u) => u.id),
      )
      .where('template', '=', 'loop.new')
      .where('target_type', '=', target.type)
      .where('target_id', '=', target.id)
      .where('created_at', '>=', nowIso(new Date(now.getTime() - SAME_DAY_WINDOW_MS)))
      .execute()
    const fresh: typeof recipients = []
    let updated = 0
    for (const user of recipients) {
      const day = dayIn(user.timezone, now)
      const same = earlier.find((a) => a.user_id === user.id && parseData(a.data).day === day)
      if (!same) {
        fresh.push(user)
        continue
      }
      const data = parseData(same.data)
      const count = (typeof data.count === 'number' ? data.count : 1) + 1
      await trx
        .updateTable('alerts')
        .set({ actor_id: loop.authorId, created_at: at, data: JSON.stringify({ ...data, ...baseData(loop), count }) })
        .where('id', '=', same.id)
        .execute()
      updated++
    }
    if (fresh.length) {
      await trx
        .insertInto('alerts')
        .values(
          fresh.map((u) => ({
            id: newId(),
            user_id: u.id,
            template: 'loop.new',
            actor_id: loop.authorId,
            organization_id: loop.organizationId,
            target_type: target.type,
            target_id: target.id,
            data: JSON.stringify({ ...baseData(loop), count: 1, day: dayIn(u.timezone, now) }),
            created_at: at,
          })),
        )
        .execute()
      await enqueueMails(
        trx,
        fresh.map((u) =>
          loopNoticeEmail({
            to: u,
            kind: 'new',
            actor: loop.authorName,
            groupName: loop.groupName,
            taskTitle: loop.taskTitle,
            path: loopPath(loop.groupId, loop.id),
          }),
        ),
        now,
      )
    }
    return { written: fresh.length, updated }
  })
}
