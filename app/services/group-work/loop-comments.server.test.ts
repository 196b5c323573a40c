import { describe, expect, it } from 'vitest'
import { db } from '~/db/db.server'
import { alertsOf, feedbackGroup, loopRow, mailsTo } from '../../../tests/support/feedback-setup'
import { ctxFor } from '../context.server'
import { addComment } from './loop-comments.server'
import { unreadLoopIds } from './loop-reads.server'

const commentsOf = (loopId: string) =>
  db().selectFrom('loop_comments').selectAll().where('loop_id', '=', loopId).orderBy('created_at').execute()

describe('addComment', () => {
  it('lets owners and leaders comment and the author answer; counts, activity and notices follow', async () => {
    const { people, group, loops } = await feedbackGroup()
    const before = await loopRow(loops.report.id)
    const comment = await addComment(ctxFor(people.leader), group.id, loops.report.id, '  Bra jobbat!  ')
    expect(comment).toMatchObject({ text: 'Bra jobbat!', author: { id: people.leader.id, name: 'Lena Leader' } })
    const after = await loopRow(loops.report.id)
    expect(after.comment_count).toBe(1)
    expect(after.activity_at > before.activity_at).toBe(true)
    // The author hears of it, in the feed and by email; the leader's own comment is no news to the leader.
    expect((await alertsOf(people.author.id)).map((a) => [a.template, a.target_type, a.target_id, a.actor_id])).toEqual([
      ['loop.comment', 'loop', loops.report.id, people.leader.id],
    ])
    expect((await mailsTo(people.author.email)).map((m) => m.subject)).toEqual(['Lena Leader kommenterade din loop om ”Praktik dag 1”'])
    expect(await unreadLoopIds(ctxFor(people.leader), [loops.report.id])).toEqual(new Set())
    expect(await unreadLoopIds(ctxFor(people.author), [loops.report.id])).toEqual(new Set([loops.report.id]))

    await addComment(ctxFor(people.owner), group.id, loops.report.id, 'Håller med.')
    // The author answers: those who commented hear of it.
    await addComment(ctxFor(people.author), group.id, loops.report.id, 'Tack!')
    expect((await commentsOf(loops.report.id)).map((c) => c.text)).toEqual(['Bra jobbat!', 'Håller med.', 'Tack!'])
    expect((await loopRow(loops.report.id)).comment_count).toBe(3)
    for (const viewer of [people.leader, people.owner]) {
      const [newest] = await alertsOf(viewer.id)
      expect([newest.template, newest.actor_id, JSON.parse(newest.data).answer]).toEqual(['loop.comment', people.author.id, true])
    }
    // The subscriber following the author sees the thread but is told nothing of it.
    expect(await alertsOf(people.subscriber.id)).toEqual([])
    // A free loop takes comments too.
    await addComment(ctxFor(people.leader), group.id, loops.freeLoop.id, 'Intressant.')
    expect((await loopRow(loops.freeLoop.id)).comment_count).toBe(1)
  })

  it('refuses those who may not comment, and changes nothing', async () => {
    const { people, group, loops } = await feedbackGroup()
    const refusals: [keyof typeof people, string][] = [
      ['subscriber', 'FORBIDDEN'],
      ['lonelySubscriber', 'GROUP_NOT_FOUND'],
      ['other', 'GROUP_NOT_FOUND'],
      ['admin', 'GROUP_NOT_FOUND'],
      ['stranger', 'GROUP_NOT_FOUND'],
    ]
    for (const [who, code] of refusals)
      await expect(addComment(ctxFor(people[who]), group.id, loops.report.id, 'Hej'), who).rejects.toMatchObject({ code })
    // Another group's id with this loop, or an unknown loop: not found.
    await expect(addComment(ctxFor(people.leader), group.id, 'nope', 'Hej')).rejects.toMatchObject({ code: 'GROUP_NOT_FOUND' })
    expect(await commentsOf(loops.report.id)).toEqual([])
    expect((await loopRow(loops.report.id)).comment_count).toBe(0)
    expect(await alertsOf(people.author.id)).toEqual([])
  })

  it('requires a text of at most 2,000 characters', async () => {
    const { people, group, loops } = await feedbackGroup()
    await expect(addComment(ctxFor(people.leader), group.id, loops.report.id, '   ')).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      data: { errors: { text: ['validation.required'] } },
    })
    await expect(addComment(ctxFor(people.leader), group.id, loops.report.id, 'x'.repeat(2001))).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      data: { errors: { text: ['loopFeedback.comment.tooLong'] } },
    })
    await addComment(ctxFor(people.leader), group.id, loops.report.id, 'x'.repeat(2000))
    expect((await commentsOf(loops.report.id)).length).toBe(1)
  })

  it('tells no one who unsubscribed from comments, neither in the feed nor by email', async () => {
    const { people, group, loops } = await feedbackGroup()
    await db()
      .updateTable('users')
      .set({ unsubscribed_templates: JSON.stringify(['loop.comment']) })
      .where('id', '=', people.author.id)
      .execute()
    await addComment(ctxFor(people.leader), group.id, loops.report.id, 'Bra!')
    expect(await alertsOf(people.author.id)).toEqual([])
    expect(await mailsTo(people.author.email)).toEqual([])
  })
})
