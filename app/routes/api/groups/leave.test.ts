import { describe, expect, it } from 'vitest'
import { db } from '~/db/db.server'
import { args, createUser, makeRequest, sessionCookieFor } from '../../../../tests/support/factories'
import { createGroup, createOrganization } from '../../../../tests/support/org-factories'
import { action, loader } from './leave'

const pathOf = (groupId: string) => `/api/v3/groups/${groupId}/leave`

const post = async (groupId: string, user?: { id: string }) =>
  (await Promise.resolve(
    action(
      args(makeRequest(pathOf(groupId), { method: 'POST', json: {}, cookie: user ? await sessionCookieFor(user as never) : undefined }), {
        groupId,
      }),
    ),
  ).catch((thrown: unknown) => thrown)) as Response

const isMember = async (groupId: string, userId: string) =>
  !!(await db().selectFrom('group_members').select('role').where('group_id', '=', groupId).where('user_id', '=', userId).executeTakeFirst())

describe('POST /api/v3/groups/:groupId/leave', () => {
  it('a member leaves; the owner is told to hand over first; others get 404; signed out 401', async () => {
    const [owner, member, admin] = await Promise.all([createUser(), createUser(), createUser()])
    const org = await createOrganization({ adminIds: [admin.id] })
    const group = await createGroup(org.id, { ownerId: owner.id, name: 'Kör', memberIds: [member.id] })

    const left = await post(group.id, member)
    expect(left.status).toBe(200)
    expect(await left.json()).toEqual({ groupName: 'Kör' })
    expect(await isMember(group.id, member.id)).toBe(false)
    const again = await post(group.id, member)
    expect([again.status, await again.json()]).toEqual([404, { message: 'GROUP_NOT_FOUND' }])

    const refused = await post(group.id, owner)
    expect([refused.status, await refused.json()]).toEqual([409, { message: 'GROUP_OWNER_CANNOT_LEAVE' }])
    expect(await isMember(group.id, owner.id)).toBe(true)

    const notMember = await post(group.id, admin)
    expect([notMember.status, await notMember.json()]).toEqual([404, { message: 'MEMBER_NOT_FOUND' }])
    const anonymous = await post(group.id)
    expect([anonymous.status, await anonymous.json()]).toEqual([401, { message: 'SESSION_NOT_FOUND' }])
  })

  it('is 405 for GET', async () => {
    const res = (await loader(
      args(makeRequest(pathOf('x'), { cookie: await sessionCookieFor(await createUser()) }), { groupId: 'x' }),
    )) as Response
    expect(res.status).toBe(405)
    expect(res.headers.get('Allow')).toBe('POST')
  })
})
