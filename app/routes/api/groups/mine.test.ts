import { describe, expect, it } from 'vitest'
import { args, createUser, makeRequest, sessionCookieFor } from '../../../../tests/support/factories'
import { createGroup, createOrganization } from '../../../../tests/support/org-factories'
import { action, loader } from './mine'

const PATH = '/api/v3/groups?populate[0]=parent_org_&populate[1]=owner'

describe('GET /api/v3/groups', () => {
  it("answers the user's groups in the shape of spec section 3", async () => {
    const me = await createUser()
    const owner = await createUser({ name: 'Olle' })
    const org = await createOrganization({ name: 'Skolan' })
    const group = await createGroup(org.id, { ownerId: owner.id, name: 'Kör', memberIds: [[me.id, 'leader']] })
    await createGroup(org.id, { ownerId: owner.id, name: 'Not mine' })
    const res = (await loader(args(makeRequest(PATH, { cookie: await sessionCookieFor(me) })))) as Response
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual([
      {
        _id: group.id,
        name: 'Kör',
        created: group.created_at,
        active: true,
        owner: { _id: owner.id, name: 'Olle', email: owner.email },
        parent_org_: { _id: org.id, name: 'Skolan', active: true },
        members_: [{ user: owner.id }, { user: me.id }],
        memberCount: 2,
        my_role: {
          name: 'leader',
          isOwner: false,
          isSubscriber: false,
          permissions: { 'reports.view_others': true, 'reports.send': true, 'tasks.create': true, 'tasks.edit': true },
        },
      },
    ])
  })

  it("carries the owner's email for owners, leaders and the organization's admins, not for members and subscribers (docs/group-roles.md)", async () => {
    const owner = await createUser({ name: 'Olle' })
    const [leader, member, subscriber, admin] = await Promise.all([1, 2, 3, 4].map(() => createUser()))
    const org = await createOrganization({ adminIds: [admin.id] })
    await createGroup(org.id, {
      ownerId: owner.id,
      memberIds: [
        [leader.id, 'leader'],
        [member.id, 'member'],
        [subscriber.id, 'subscriber'],
        [admin.id, 'member'],
      ],
    })
    for (const [actor, sees] of [
      [owner, true],
      [leader, true],
      [member, false],
      [subscriber, false],
      [admin, true],
    ] as const) {
      const res = (await loader(args(makeRequest(PATH, { cookie: await sessionCookieFor(actor) })))) as Response
      const [group] = await res.json()
      expect(group.owner).toEqual(sees ? { _id: owner.id, name: 'Olle', email: owner.email } : { _id: owner.id, name: 'Olle' })
    }
  })

  it('is 401 SESSION_NOT_FOUND signed out, and 405 for other methods', async () => {
    const res = (await Promise.resolve(loader(args(makeRequest(PATH)))).catch((thrown: unknown) => thrown)) as Response
    expect(res.status).toBe(401)
    expect(await res.json()).toEqual({ message: 'SESSION_NOT_FOUND' })
    const post = (await action(
      args(makeRequest(PATH, { method: 'POST', json: {}, cookie: await sessionCookieFor(await createUser()) })),
    )) as Response
    expect(post.status).toBe(405)
  })
})
