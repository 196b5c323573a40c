import { describe, expect, it } from 'vitest'
import { db } from '~/db/db.server'
import type { User } from '~/db/schema'
import { feedbackGroup, loopRow } from '../../../../tests/support/feedback-setup'
import { args, makeRequest, sessionCookieFor } from '../../../../tests/support/factories'
import { action as approvalAction } from './approval'
import { action as commentsAction, loader as commentsLoader } from './comments'
import { action as followsAction } from './follows'

/* The feedback API: the same services as the screens, answered with the catalogue, never a 500. */

type Route = typeof commentsAction
const call = async (route: Route, method: string, path: string, params: Record<string, string>, user?: User, json?: unknown) => {
  const request = makeRequest(path, { method, json, cookie: user ? await sessionCookieFor(user) : undefined })
  const res = (await Promise.resolve(route(args(request, params))).catch((thrown: unknown) => thrown)) as Response
  return [res.status, await res.json()] as const
}

describe('POST /api/v3/groups/{groupId}/loops/{loopId}/comments', () => {
  it('adds a comment for those who may, and refuses everyone else with the catalogue', async () => {
    const { people, group, loops } = await feedbackGroup()
    const path = `/api/v3/groups/${group.id}/loops/${loops.report.id}/comments`
    const params = { groupId: group.id, loopId: loops.report.id }
    const [status, body] = await call(commentsAction, 'POST', path, params, people.leader, { text: 'Bra!' })
    expect(status).toBe(201)
    expect(body).toEqual({
      _id: expect.any(String),
      loop: loops.report.id,
      author: { _id: people.leader.id, name: 'Lena Leader' },
      text: 'Bra!',
      created: expect.any(String),
    })
    expect((await call(commentsAction, 'POST', path, params, people.author, { text: 'Tack!' }))[0]).toBe(201)

    expect(await call(commentsAction, 'POST', path, params, people.subscriber, { text: 'Hej' })).toEqual([403, { message: 'FORBIDDEN' }])
    for (const who of ['other', 'lonelySubscriber', 'admin', 'stranger'] as const)
      expect(await call(commentsAction, 'POST', path, params, people[who], { text: 'Hej' }), who).toEqual([
        404,
        { message: 'GROUP_NOT_FOUND' },
      ])
    expect(await call(commentsAction, 'POST', path, params, people.leader, { text: '' })).toEqual([
      400,
      { message: 'BAD_REQUEST', errors: { text: ['validation.required'] } },
    ])
    expect((await call(commentsAction, 'POST', path, params, people.leader, { text: 'x'.repeat(2001) }))[1]).toEqual({
      message: 'BAD_REQUEST',
      errors: { text: ['loopFeedback.comment.tooLong'] },
    })
    expect((await call(commentsAction, 'POST', path, params, people.leader, { text: 5 }))[0]).toBe(400)
    expect(await call(commentsAction, 'POST', path, params, undefined, { text: 'Hej' })).toEqual([401, { message: 'SESSION_NOT_FOUND' }])
    expect((await loopRow(loops.report.id)).comment_count).toBe(2)
    const get = (await commentsLoader(args(makeRequest(path, { cookie: await sessionCookieFor(people.leader) }), params))) as Response
    expect(get.status).toBe(405)
  })
})

describe('POST and DELETE /api/v3/groups/{groupId}/loops/{loopId}/approval', () => {
  it('approves a report and takes it back; refuses a free loop and those without the right', async () => {
    const { people, group, loops } = await feedbackGroup()
    const at = (loopId: string) => [`/api/v3/groups/${group.id}/loops/${loopId}/approval`, { groupId: group.id, loopId }] as const
    const [path, params] = at(loops.report.id)
    const [status, body] = await call(approvalAction, 'POST', path, params, people.leader)
    expect([status, body]).toEqual([200, { approved: { by: { _id: people.leader.id, name: 'Lena Leader' }, at: expect.any(String) } }])
    expect(await call(approvalAction, 'DELETE', path, params, people.owner)).toEqual([200, { approved: null }])
    expect((await loopRow(loops.report.id)).approved_at).toBeNull()
    expect((await call(approvalAction, 'POST', ...at(loops.freeLoop.id), people.leader))[0]).toBe(400)
    for (const who of ['author', 'subscriber'] as const)
      expect(await call(approvalAction, 'POST', path, params, people[who]), who).toEqual([403, { message: 'FORBIDDEN' }])
    for (const who of ['other', 'admin', 'stranger'] as const)
      expect(await call(approvalAction, 'DELETE', path, params, people[who]), who).toEqual([404, { message: 'GROUP_NOT_FOUND' }])
    expect((await call(approvalAction, 'PUT', path, params, people.leader))[0]).toBe(405)
  })
})

describe('PUT /api/v3/groups/{groupId}/members/{userId}/follows', () => {
  it('sets whom a subscriber follows, naming each member; refuses others', async () => {
    const { people, group } = await feedbackGroup()
    const path = `/api/v3/groups/${group.id}/members/${people.lonelySubscriber.id}/follows`
    const params = { groupId: group.id, userId: people.lonelySubscriber.id }
    const [status, body] = await call(followsAction, 'PUT', path, params, people.leader, { members: [people.other.id, 'ghost'] })
    expect([status, body]).toEqual([
      200,
      {
        subscriber: { _id: people.lonelySubscriber.id, name: 'Lone Subscriber' },
        following: [{ _id: people.other.id, name: 'Otto Other' }],
        results: [
          { _id: people.other.id, name: 'Otto Other', result: 'OK' },
          { _id: 'ghost', name: null, result: 'MEMBER_NOT_FOUND' },
        ],
      },
    ])
    expect(await call(followsAction, 'PUT', path, params, people.subscriber, { members: [] })).toEqual([403, { message: 'FORBIDDEN' }])
    expect(await call(followsAction, 'PUT', path, params, people.stranger, { members: [] })).toEqual([404, { message: 'GROUP_NOT_FOUND' }])
    expect((await call(followsAction, 'PUT', path, params, people.leader, { members: 'all' }))[0]).toBe(400)
    const notSubscriber = `/api/v3/groups/${group.id}/members/${people.other.id}/follows`
    expect(
      (await call(followsAction, 'PUT', notSubscriber, { groupId: group.id, userId: people.other.id }, people.leader, { members: [] }))[1],
    ).toEqual({
      message: 'BAD_REQUEST',
      errors: { subscriberId: ['follows.notSubscriber'] },
    })
    const follows = await db()
      .selectFrom('group_follows')
      .select('member_id')
      .where('subscriber_id', '=', people.lonelySubscriber.id)
      .execute()
    expect(follows.map((f) => f.member_id)).toEqual([people.other.id])
  })
})
