import { sql } from 'kysely'
import type { DB } from '~/db/db.server'
import { loopDigestEmail, type DigestGroup } from '~/mail/loop-digest-mail.server'
import { enqueueMail } from '~/mail/outbox.server'
import { nowIso } from '~/utils/ids.server'
import { previousWeek } from '~/utils/local-week'
import { GROUP_ROLES, rightsOf } from '../groups/group-roles'

/**
 * The subscribers' weekly digest (docs/group-work.md "Digest"): each Monday from DIGEST_HOUR in
 * their own time zone, a subscriber (a mentor, a parent) who follows members gets one email of the
 * loops those members wrote the week before (Monday to Monday, local time): who, on which task,
 * the emotional value, the first 200 characters and a link, in their language; unless they turned
 * off `loop.digest` in their notification preferences. Only the loops they may still see: in a
 * group where they are still a subscriber following the author (loopVisibility's rule), an active
 * group. A week with no loops sends nothing.
 *
 * Once a week however many processes run it: the row (user, week) of `loop_digests` is inserted
 * in the transaction that queues the email, on a primary key; the process whose insert lands sends.
 * Run by the housekeeping job (platform/housekeeping.server.ts), so it catches up after a pause.
 */

/** The local hour of Monday from which last week's digest is due. */
export const DIGEST_HOUR = 7
/** The most loops one digest lists (the rest are counted, with a link to the group's loops). */
export const DIGEST_MAX_LOOPS = 50
/** Subscribers read per query. */
const SUBSCRIBER_BATCH = 200
/** The characters of a loop's text the digest quotes. */
export const DIGEST_EXCERPT = 200

const FOLLOWING_ROLES = GROUP_ROLES.filter((r) => rightsOf(r).isSubscriber)

export const digestExcerpt = (text: string) => {
  const chars = Array.from(text.trim())
  return chars.length > DIGEST_EXCERPT ? `${chars.slice(0, DIGEST_EXCERPT).join('').trimEnd()}…` : chars.join('')
}

/** The loops one subscriber sees among those written in [from, to): in groups where they follow, by the members they follow. */
function followedLoops(db: DB, userId: string, from: Date, to: Date) {
  return db
    .selectFrom('group_follows as f')
    .innerJoin('group_members as gm', (join) => join.onRef('gm.group_id', '=', 'f.group_id').onRef('gm.user_id', '=', 'f.subscriber_id'))
    .innerJoin('groups as g', 'g.id', 'f.group_id')
    .innerJoin('loops as l', (join) => join.onRef('l.group_id', '=', 'f.group_id').onRef('l.author_id', '=', 'f.member_id'))
    .where('f.subscriber_id', '=', userId)
    .where('gm.role', 'in', FOLLOWING_ROLES)
    .where('g.active', '=', 1 as never)
    .where('l.created_at', '>=', from.toISOString())
    .where('l.created_at', '<', to.toISOString())
}

/** The digest's groups: each with its loops (at most DIGEST_MAX_LOOPS in all, by group name and time) and how many it has in all. */
async function digestOf(db: DB, userId: string, from: Date, to: Date): Promise<DigestGroup[]> {
  const counts = await followedLoops(db, userId, from, to)
    .select(['g.id', 'g.name', (eb) => eb.fn.countAll<number | string>().as('n')])
    .groupBy(['g.id', 'g.name'])
    .execute()
  if (counts.length === 0) return []
  const loops = await followedLoops(db, userId, from, to)
    .innerJoin('users as a', 'a.id', 'l.author_id')
    .leftJoin('group_tasks as t', 't.id', 'l.task_id')
    .select(['l.id', 'l.group_id', 'l.text', 'l.emotion', 'l.created_at', 'a.name as author', 't.title as task'])
    .orderBy('g.name')
    .orderBy('g.id')
    .orderBy('l.created_at')
    .orderBy('l.id')
    .limit(DIGEST_MAX_LOOPS)
    .execute()
  return counts
    .sort((a, b) => a.name.localeCompare(b.name, 'sv') || a.id.localeCompare(b.id))
    .map((g) => ({
      id: g.id,
      name: g.name,
      total: Number(g.n),
      loops: loops
        .filter((l) => l.group_id === g.id)
        .map((l) => ({
          id: l.id,
          author: l.author,
          task: l.task,
          emotion: Number(l.emotion),
          excerpt: digestExcerpt(l.text),
          created: l.created_at,
        })),
    }))
}

/**
 * Sends every digest due at `now` that no process has sent yet; returns how many emails it queued.
 * A subscriber who turned the digest off is skipped and nothing is recorded (turned on again
 * within the week, last week's digest still comes).
 */
export async function sendDueDigests(db: DB, now = new Date()): Promise<number> {
  let sent = 0
  let after = ''
  for (;;) {
    const subscribers = await db
      .selectFrom('users as u')
      .select(['u.id', 'u.name', 'u.email', 'u.locale', 'u.timezone', 'u.unsubscribed_templates'])
      .where('u.id', '>', after)
      .where((eb) =>
        eb.exists(
          eb
            .selectFrom('group_follows as f')
            .select(sql`1`.as('one'))
            .whereRef('f.subscriber_id', '=', 'u.id'),
        ),
      )
      .orderBy('u.id')
      .limit(SUBSCRIBER_BATCH)
      .execute()
    if (subscribers.length === 0) return sent
    after = subscribers[subscribers.length - 1].id
    const due = subscribers
      .filter((user) => !(JSON.parse(user.unsubscribed_templates) as string[]).includes('loop.digest'))
      .map((user) => ({ user, week: previousWeek(now, user.timezone, DIGEST_HOUR) }))
      .filter(({ week }) => now >= week.sendFrom)
    // The digests already sent, for the whole batch in one query.
    const known = due.length
      ? await db
          .selectFrom('loop_digests')
          .select(['user_id', 'week'])
          .where(
            'user_id',
            'in',
            due.map((d) => d.user.id),
          )
          .where('week', 'in', [...new Set(due.map((d) => d.week.week))])
          .execute()
      : []
    const sentBefore = new Set(known.map((k) => `${k.user_id} ${k.week}`))
    for (const { user, week } of due) {
      if (sentBefore.has(`${user.id} ${week.week}`)) continue
      if (await sendDigest(db, user, week, now)) sent++
    }
    if (subscribers.length < SUBSCRIBER_BATCH) return sent
  }
}

type Subscriber = { id: string; name: string; email: string; locale: string; timezone: string }

/** One subscriber's digest of one week, unless another process sent it: the row and the email in one transaction. */
async function sendDigest(db: DB, user: Subscriber, week: ReturnType<typeof previousWeek>, now: Date) {
  return db.transaction().execute(async (trx) => {
    const claimed = await trx
      .insertInto('loop_digests')
      .values({ user_id: user.id, week: week.week, sent_at: nowIso(now), loop_count: 0 })
      .onConflict((oc) => oc.columns(['user_id', 'week']).doNothing())
      .executeTakeFirst()
    if (Number(claimed.numInsertedOrUpdatedRows ?? 0) === 0) return false
    const groups = await digestOf(trx, user.id, week.from, week.to)
    const total = groups.reduce((n, g) => n + g.total, 0)
    if (total === 0) return false
    await trx.updateTable('loop_digests').set({ loop_count: total }).where('user_id', '=', user.id).where('week', '=', week.week).execute()
    await enqueueMail(trx, loopDigestEmail({ to: user, week: { from: week.from, to: week.to }, groups, total }), now)
    return true
  })
}
