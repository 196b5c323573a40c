import { describe, expect, it } from 'vitest'
import { db } from '~/db/db.server'
import type { User } from '~/db/schema'
import { feedPage, markAlertsSeen } from '~/services/alerts/feed.server'
import { newAlertCount } from '~/services/alerts/notification-counts.server'
import { ctxFor, type Ctx } from '~/services/context.server'
import { setFollows } from '~/services/group-work/follows.server'
import { setApproval } from '~/services/group-work/loop-approval.server'
import { addComment } from '~/services/group-work/loop-comments.server'
import { noticeNewLoop } from '~/services/group-work/loop-notices.server'
import { alertsOf, feedbackGroup, mailsTo } from '../../../tests/support/feedback-setup'
import { createUser } from '../../../tests/support/factories'
import { createLoop } from '../../../tests/support/group-work-factories'
import { renderFeed } from './alert-text.server'

/*
 * The notices of group work as each user reads them in the feed, in both languages: who, what and
 * where, where each leads now, and the header's count against the feed it opens.
 */

const at = (user: User, now: Date): Ctx => ({ ...ctxFor(user), now })

async function feedOf(user: User) {
  const page = await feedPage(ctxFor(user), { cursor: null })
  const [en, sv] = (['en', 'sv'] as const).map((locale) => renderFeed(page, locale).days.flatMap((d) => d.alerts))
  return { en: en!, sv: sv!, unseen: page.days.flatMap((d) => d.alerts).filter((a) => a.unseen).length }
}

describe('notices of new loops', () => {
  it('tell each viewer who may see the loop, gathered per task and day, so a class does not flood a teacher', async () => {
    const { people, group, task } = await feedbackGroup()
    const morning = new Date()
    morning.setUTCHours(7, 0, 0, 0)
    const first = await createLoop(group.id, people.author.id, { taskId: task.id, created: morning })
    expect(await noticeNewLoop(at(people.author, morning), first.id)).toEqual({ written: 3, updated: 0 })

    // Owner, leader and the subscriber following the author; nobody else, and never the author.
    for (const viewer of [people.owner, people.leader, people.subscriber]) {
      const { en, sv } = await feedOf(viewer)
      expect(en.map((a) => [a.text, a.href])).toEqual([
        ['Mia Author wrote a loop on “Praktik dag 1” in Bild 7A.', `/groups/${group.id}/loops/${first.id}`],
      ])
      expect(sv[0]!.text).toBe('Mia Author skrev en loop om ”Praktik dag 1” i Bild 7A.')
    }
    for (const outside of [people.author, people.other, people.lonelySubscriber, people.admin, people.stranger])
      expect(await alertsOf(outside.id)).toEqual([])
    expect((await mailsTo(people.leader.email)).map((m) => m.subject)).toEqual(['Mia Author wrote a loop on “Praktik dag 1”'])

    // Thirty more pupils write on the same task the same day: still one notice (and one email) per viewer.
    const pupils = await Promise.all(Array.from({ length: 30 }, (_, i) => createUser({ name: `Pupil ${i + 1}` })))
    await db()
      .insertInto('group_members')
      .values(pupils.map((p) => ({ group_id: group.id, user_id: p.id, role: 'member' as const, created_at: morning.toISOString() })))
      .execute()
    let last = first
    for (const [i, pupil] of pupils.entries()) {
      const when = new Date(morning.getTime() + (i + 1) * 60_000)
      last = await createLoop(group.id, pupil.id, { taskId: task.id, created: when })
      await noticeNewLoop(at(pupil, when), last.id)
    }
    const leaderFeed = await feedOf(people.leader)
    expect(leaderFeed.en.map((a) => [a.text, a.href])).toEqual([
      ['Pupil 30 and 30 others wrote loops on “Praktik dag 1” in Bild 7A.', `/groups/${group.id}/loops?task=${task.id}`],
    ])
    expect(leaderFeed.sv[0]!.text).toBe('Pupil 30 och 30 till skrev loopar om ”Praktik dag 1” i Bild 7A.')
    expect((await mailsTo(people.leader.email)).length).toBe(1)
    // The subscriber follows the author only: the pupils' loops are none of theirs.
    expect((await feedOf(people.subscriber)).en.map((a) => a.text)).toEqual(['Mia Author wrote a loop on “Praktik dag 1” in Bild 7A.'])

    // The header's count is the feed's unseen notices; opening the feed clears both.
    expect(await newAlertCount(ctxFor(people.leader))).toBe(leaderFeed.unseen)
    expect(leaderFeed.unseen).toBe(1)
    await markAlertsSeen(ctxFor(people.leader))
    const seen = (await db().selectFrom('users').selectAll().where('id', '=', people.leader.id).executeTakeFirstOrThrow()) as User
    expect(await newAlertCount(ctxFor(seen))).toBe(0)

    // The next day starts a new notice.
    const tomorrow = new Date(morning.getTime() + 86_400_000)
    const next = await createLoop(group.id, people.other.id, { taskId: task.id, created: tomorrow })
    expect(await noticeNewLoop(at(people.other, tomorrow), next.id)).toEqual({ written: 2, updated: 0 })
    expect((await alertsOf(people.leader.id)).length).toBe(2)
    expect(await newAlertCount(ctxFor(seen))).toBe(1)
  })

  it('gathers free loops per group and day, and leads nowhere once the reader may no longer see them', async () => {
    const { people, group } = await feedbackGroup()
    const loop = await createLoop(group.id, people.author.id)
    await noticeNewLoop(ctxFor(people.author), loop.id)
    expect((await feedOf(people.subscriber)).en.map((a) => [a.text, a.href])).toEqual([
      ['Mia Author wrote a free loop in Bild 7A.', `/groups/${group.id}/loops/${loop.id}`],
    ])
    await setFollows(ctxFor(people.owner), group.id, people.subscriber.id, [])
    expect((await feedOf(people.subscriber)).en.map((a) => [a.href, a.note])).toEqual([[null, '(no longer available)']])
  })
})

describe('notices of feedback', () => {
  it('tell the author of a comment and an approval, and the commenters of the answer, each opening the loop', async () => {
    const { people, group, loops } = await feedbackGroup()
    const loopHref = `/groups/${group.id}/loops/${loops.report.id}`
    await addComment(ctxFor(people.leader), group.id, loops.report.id, 'Bra!')
    await setApproval(ctxFor(people.leader), group.id, loops.report.id, true)
    const author = await feedOf(people.author)
    expect(author.en.map((a) => [a.text, a.href])).toEqual([
      ['Lena Leader approved your loop on “Praktik dag 1” in Bild 7A.', loopHref],
      ['Lena Leader commented on your loop on “Praktik dag 1” in Bild 7A.', loopHref],
    ])
    expect(author.sv.map((a) => a.text)).toEqual([
      'Lena Leader godkände din loop om ”Praktik dag 1” i Bild 7A.',
      'Lena Leader kommenterade din loop om ”Praktik dag 1” i Bild 7A.',
    ])
    expect(await newAlertCount(ctxFor(people.author))).toBe(author.unseen)

    await addComment(ctxFor(people.author), group.id, loops.report.id, 'Tack!')
    expect((await feedOf(people.leader)).en.map((a) => [a.text, a.href])).toEqual([
      ['Mia Author answered on their loop on “Praktik dag 1” in Bild 7A.', loopHref],
    ])
    await addComment(ctxFor(people.owner), group.id, loops.freeLoop.id, 'Fint.')
    expect((await feedOf(people.author)).en[0]!.text).toBe('Olga Owner commented on your free loop in Bild 7A.')

    // The leader leaves the group: the answer's notice no longer leads to the loop.
    await db().deleteFrom('group_members').where('group_id', '=', group.id).where('user_id', '=', people.leader.id).execute()
    expect((await feedOf(people.leader)).en.map((a) => [a.href, a.note])).toEqual([[null, '(no longer available)']])
  })
})
