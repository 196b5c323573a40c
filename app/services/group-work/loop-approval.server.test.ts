import { describe, expect, it } from 'vitest'
import { alertsOf, feedbackGroup, loopRow, mailsTo } from '../../../tests/support/feedback-setup'
import { ctxFor } from '../context.server'
import { setApproval } from './loop-approval.server'

describe('setApproval', () => {
  it('lets a leader approve a report and take the approval back; the author is told of the approval', async () => {
    const { people, group, loops } = await feedbackGroup()
    const approved = await setApproval(ctxFor(people.leader), group.id, loops.report.id, true)
    expect(approved).toMatchObject({
      changed: true,
      taskTitle: 'Praktik dag 1',
      approved: { by: { id: people.leader.id, name: 'Lena Leader' } },
    })
    const row = await loopRow(loops.report.id)
    expect([row.approved_by, row.approved_at, row.activity_at]).toEqual([people.leader.id, approved.approved!.at, approved.approved!.at])
    expect((await alertsOf(people.author.id)).map((a) => [a.template, a.target_id, a.actor_id])).toEqual([
      ['loop.approved', loops.report.id, people.leader.id],
    ])
    expect((await mailsTo(people.author.email)).map((m) => m.subject)).toEqual(['Lena Leader godkände din loop om ”Praktik dag 1”'])

    // Approving again changes nothing and tells no one again.
    expect(await setApproval(ctxFor(people.owner), group.id, loops.report.id, true)).toMatchObject({ changed: false })
    expect((await alertsOf(people.author.id)).length).toBe(1)

    expect(await setApproval(ctxFor(people.owner), group.id, loops.report.id, false)).toMatchObject({ changed: true, approved: null })
    const cleared = await loopRow(loops.report.id)
    expect([cleared.approved_by, cleared.approved_at]).toEqual([null, null])
    expect((await alertsOf(people.author.id)).length).toBe(1)
  })

  it('refuses a free loop, those without the right and those who may not see the loop', async () => {
    const { people, group, loops } = await feedbackGroup()
    await expect(setApproval(ctxFor(people.leader), group.id, loops.freeLoop.id, true)).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      data: { errors: { approved: ['loopFeedback.approval.freeLoop'] } },
    })
    const refusals: [keyof typeof people, string][] = [
      ['author', 'FORBIDDEN'],
      ['subscriber', 'FORBIDDEN'],
      ['lonelySubscriber', 'GROUP_NOT_FOUND'],
      ['other', 'GROUP_NOT_FOUND'],
      ['admin', 'GROUP_NOT_FOUND'],
      ['stranger', 'GROUP_NOT_FOUND'],
    ]
    for (const [who, code] of refusals)
      await expect(setApproval(ctxFor(people[who]), group.id, loops.report.id, true), who).rejects.toMatchObject({ code })
    expect((await loopRow(loops.report.id)).approved_at).toBeNull()
    expect(await alertsOf(people.author.id)).toEqual([])
  })
})
