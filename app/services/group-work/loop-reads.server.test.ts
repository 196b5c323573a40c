import { describe, expect, it } from 'vitest'
import { createComment } from '../../../tests/support/group-work-factories'
import { feedbackGroup } from '../../../tests/support/feedback-setup'
import { ctxFor } from '../context.server'
import { addComment } from './loop-comments.server'
import { markLoopRead, unreadLoopIds } from './loop-reads.server'

describe('unread loops', () => {
  it('marks others’ new loops and new activity until opened, never one’s own change', async () => {
    const { people, group, loops } = await feedbackGroup()
    const all = Object.values(loops).map((l) => l.id)
    const leader = ctxFor(people.leader)
    // A viewer: every loop is new until opened.
    expect(await unreadLoopIds(leader, all)).toEqual(new Set(all))
    await markLoopRead(leader, loops.report.id)
    expect(await unreadLoopIds(leader, all)).toEqual(new Set([loops.freeLoop.id, loops.othersReport.id]))
    // The author: their own loop is not news, until someone else acts on it.
    const author = ctxFor(people.author)
    expect(await unreadLoopIds(author, all)).toEqual(new Set())
    await addComment(leader, group.id, loops.report.id, 'Bra!')
    expect(await unreadLoopIds(leader, all)).not.toContain(loops.report.id)
    expect(await unreadLoopIds(author, all)).toEqual(new Set([loops.report.id]))
    await markLoopRead(author, loops.report.id)
    expect(await unreadLoopIds(author, all)).toEqual(new Set())
    // The author's answer is news to the leader, not to the author.
    await addComment(author, group.id, loops.report.id, 'Tack!')
    expect(await unreadLoopIds(author, all)).toEqual(new Set())
    expect(await unreadLoopIds(leader, all)).toContain(loops.report.id)
  })

  it('tells nothing of loops the actor may not see, and refuses to mark them', async () => {
    const { people, loops } = await feedbackGroup()
    const all = Object.values(loops).map((l) => l.id)
    await createComment(loops.othersReport.id, people.leader.id)
    // The subscriber follows the author only; a plain member sees their own; an admin outside none.
    expect(await unreadLoopIds(ctxFor(people.subscriber), all)).toEqual(new Set([loops.report.id, loops.freeLoop.id]))
    expect(await unreadLoopIds(ctxFor(people.other), all)).toEqual(new Set([loops.othersReport.id]))
    expect(await unreadLoopIds(ctxFor(people.admin), all)).toEqual(new Set())
    expect(await unreadLoopIds(ctxFor(people.stranger), all)).toEqual(new Set())
    for (const who of ['other', 'lonelySubscriber', 'admin', 'stranger'] as const)
      await expect(markLoopRead(ctxFor(people[who]), loops.report.id), who).rejects.toMatchObject({ code: 'GROUP_NOT_FOUND' })
  })
})
