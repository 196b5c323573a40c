import { describe, expect, it } from 'vitest'
import { db } from '~/db/db.server'
import { feedbackGroup } from '../../../tests/support/feedback-setup'
import { ctxFor } from '../context.server'
import { followsOf, setFollows } from './follows.server'
import { loopVisibility, requireGroupWork } from './group-work-access.server'

const followed = async (groupId: string, subscriberId: string) =>
  (
    await db()
      .selectFrom('group_follows')
      .select('member_id')
      .where('group_id', '=', groupId)
      .where('subscriber_id', '=', subscriberId)
      .execute()
  )
    .map((r) => r.member_id)
    .sort()

describe('setFollows', () => {
  it('lets the owner and leaders choose whom a subscriber follows, naming each member; the subscriber then sees exactly their loops', async () => {
    const { people, group, loops } = await feedbackGroup()
    const result = await setFollows(ctxFor(people.leader), group.id, people.lonelySubscriber.id, [
      people.other.id,
      'nobody',
      people.lonelySubscriber.id,
    ])
    expect(result.subscriber).toEqual({ _id: people.lonelySubscriber.id, name: 'Lone Subscriber' })
    expect(result.following).toEqual([{ _id: people.other.id, name: 'Otto Other' }])
    expect(result.results).toEqual([
      { _id: people.other.id, name: 'Otto Other', result: 'OK' },
      { _id: 'nobody', name: null, result: 'MEMBER_NOT_FOUND' },
      { _id: people.lonelySubscriber.id, name: 'Lone Subscriber', result: 'BAD_REQUEST' },
    ])
    expect(await followed(group.id, people.lonelySubscriber.id)).toEqual([people.other.id])
    const work = await requireGroupWork(ctxFor(people.lonelySubscriber), group.id)
    const seen = await db().selectFrom('loops').select('id').where(loopVisibility(work)).execute()
    expect(seen.map((l) => l.id)).toEqual([loops.othersReport.id])

    // The owner replaces the choice; an empty list lets everyone go.
    await setFollows(ctxFor(people.owner), group.id, people.lonelySubscriber.id, [people.author.id, people.other.id])
    expect(await followed(group.id, people.lonelySubscriber.id)).toEqual([people.author.id, people.other.id].sort())
    await setFollows(ctxFor(people.owner), group.id, people.lonelySubscriber.id, [])
    expect(await followed(group.id, people.lonelySubscriber.id)).toEqual([])
    // The other subscriber's follows are untouched.
    expect(await followed(group.id, people.subscriber.id)).toEqual([people.author.id])
  })

  it('refuses those without the right, a subscriber who is not one, and changes nothing', async () => {
    const { people, group } = await feedbackGroup()
    const refusals: [keyof typeof people, string][] = [
      ['author', 'FORBIDDEN'],
      ['subscriber', 'FORBIDDEN'],
      ['admin', 'FORBIDDEN'],
      ['stranger', 'GROUP_NOT_FOUND'],
    ]
    for (const [who, code] of refusals)
      await expect(setFollows(ctxFor(people[who]), group.id, people.subscriber.id, []), who).rejects.toMatchObject({ code })
    await expect(setFollows(ctxFor(people.leader), group.id, people.other.id, [people.author.id])).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      data: { errors: { subscriberId: ['follows.notSubscriber'] } },
    })
    await expect(setFollows(ctxFor(people.leader), group.id, people.stranger.id, [])).rejects.toMatchObject({ code: 'MEMBER_NOT_FOUND' })
    expect(await followed(group.id, people.subscriber.id)).toEqual([people.author.id])
    expect(await followed(group.id, people.other.id)).toEqual([])
  })
})

describe('followsOf', () => {
  it('gives those who choose every subscriber, a subscriber their own, others nothing', async () => {
    const { people, group } = await feedbackGroup()
    await setFollows(ctxFor(people.owner), group.id, people.lonelySubscriber.id, [people.other.id])
    const all = new Map([
      [people.subscriber.id, [people.author.id]],
      [people.lonelySubscriber.id, [people.other.id]],
    ])
    expect(await followsOf(ctxFor(people.owner), group.id)).toEqual(all)
    expect(await followsOf(ctxFor(people.leader), group.id)).toEqual(all)
    expect(await followsOf(ctxFor(people.subscriber), group.id)).toEqual(new Map([[people.subscriber.id, [people.author.id]]]))
    expect(await followsOf(ctxFor(people.author), group.id)).toEqual(new Map())
    expect(await followsOf(ctxFor(people.admin), group.id)).toEqual(new Map())
    await expect(followsOf(ctxFor(people.stranger), group.id)).rejects.toMatchObject({ code: 'GROUP_NOT_FOUND' })
  })
})
