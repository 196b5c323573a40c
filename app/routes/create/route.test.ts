import { describe, expect, it } from 'vitest'
import { db } from '~/db/db.server'
import { readToast } from '~/http/toast.server'
import { args, cookiesFrom, createUser, makeRequest, run, sessionCookieFor } from '../../../tests/support/factories'
import { addMember, createOrganization } from '../../../tests/support/org-factories'
import * as attendance from './attendance-group'
import * as searchRoute from '../people-search'
import * as page from './route'

async function setup() {
  const creator = await createUser({ name: 'Cecilia Creator' })
  const member = await createUser({ name: 'Morgan Member' })
  const leader = await createUser({ name: 'Lena Leader' })
  const org = await createOrganization({ name: 'Riverside', memberIds: [member.id, leader.id], groupCreatorIds: [creator.id] })
  return { creator, member, leader, org, cookie: await sessionCookieFor(creator) }
}

const load = (path: string, cookie?: string) => run(() => page.loader(args(makeRequest(path, { cookie }))))
const post = (path: string, form: Record<string, string | string[]>, cookie: string) =>
  run(() => (path.includes('attendance') ? attendance.action : page.action)(args(makeRequest(path, { form, cookie }))))
const toastOf = async (headers: Headers) =>
  (await readToast(new Request('http://localhost/', { headers: { Cookie: cookiesFrom(headers) } }))).toast

describe('/create/group: loader', () => {
  it('offers the organizations where the user may create groups, picking the only one or the one asked', async () => {
    const { creator, org, cookie } = await setup()
    const one = await load('/create/group', cookie)
    expect(one.data).toEqual({
      kind: 'standard',
      organizations: [{ _id: org.id, name: 'Riverside', isAdmin: false }],
      selected: org.id,
      me: { _id: creator.id, name: 'Cecilia Creator', email: creator.email },
      denied: null,
    })
    const second = await createOrganization({ name: 'Åkersberga', adminIds: [creator.id] })
    await createOrganization({ name: 'Inactive', active: false, adminIds: [creator.id] })
    const several = await load('/create/group', cookie)
    expect(several.data.organizations.map((o: { name: string }) => o.name)).toEqual(['Riverside', 'Åkersberga'])
    expect(several.data.selected).toBe('')
    expect((await load(`/create/group?organizationId=${second.id}`, cookie)).data.selected).toBe(second.id)
  })

  it('explains how to become a group creator to a plain member, instead of a 404', async () => {
    const { member } = await setup()
    const res = await load('/create/group', await sessionCookieFor(member))
    expect(res.status).toBe(200)
    expect(res.data).toMatchObject({ denied: 'groups', organizations: [] })
  })

  it('offers attendance groups only where permitted', async () => {
    const { org } = await setup()
    const plain = await createUser()
    await addMember(org.id, plain.id, { groupCreator: true, attendance: false })
    const cookie = await sessionCookieFor(plain)
    const res = await run(() => attendance.loader(args(makeRequest('/create/attendance-group', { cookie }))))
    expect(res.data).toMatchObject({ kind: 'attendance', denied: 'attendance', organizations: [] })
    const refused = await post('/create/attendance-group', { intent: 'create', organizationId: org.id, ownerId: plain.id }, cookie)
    expect(refused.status).toBe(403)
    expect(refused.data.result.error['']).toEqual(['errors.FORBIDDEN'])
    expect(await db().selectFrom('groups').select('id').where('organization_id', '=', org.id).execute()).toEqual([])
  })

  it('asks the signed-out to sign in', async () => {
    const res = await load('/create/group')
    expect(res.status).toBe(302)
    expect(res.headers.get('Location')).toBe(`/signin?redirectTo=${encodeURIComponent('/create/group')}`)
  })
})

describe('/create/group: action', () => {
  it('creates the group with a default name and the role chosen beside each member, reports per member and goes to the group’s home', async () => {
    const { creator, member, leader, org, cookie } = await setup()
    const res = await post(
      '/create/group',
      {
        intent: 'create',
        organizationId: org.id,
        name: '',
        ownerId: creator.id,
        memberIds: [leader.id, member.id, 'nobody'],
        [`role-${leader.id}`]: 'leader',
        [`role-${member.id}`]: 'member',
      },
      cookie,
    )
    expect(res.status).toBe(302)
    const group = await db().selectFrom('groups').selectAll().where('organization_id', '=', org.id).executeTakeFirstOrThrow()
    expect(res.headers.get('Location')).toBe(`/groups/${group.id}/home`)
    expect(group).toMatchObject({ kind: 'standard', owner_id: creator.id, member_count: 3 })
    expect(group.name).toMatch(/^Grupp \d{4}-\d{2}-\d{2} \d{2}:\d{2}$/)
    const roles = await db().selectFrom('group_members').select(['user_id', 'role']).where('group_id', '=', group.id).execute()
    expect(new Map(roles.map((r) => [r.user_id, r.role]))).toEqual(
      new Map([
        [creator.id, 'owner'],
        [leader.id, 'leader'],
        [member.id, 'member'],
      ]),
    )
    expect(await toastOf(res.headers)).toMatchObject({
      key: 'groupCreated.partial',
      type: 'error',
      values: { name: group.name, succeeded: '2', total: '3' },
      items: { failed: { MEMBER_NOT_FOUND: [''] }, moreFailed: 0 },
    })
  })

  it('gives a chosen member the role changed after choosing them (the role shown is the role applied)', async () => {
    const { creator, member, org, cookie } = await setup()
    // The picker chose Morgan as a member; the select beside them was then changed to subscriber.
    const res = await post(
      '/create/group',
      {
        intent: 'create',
        organizationId: org.id,
        name: 'Roles',
        ownerId: creator.id,
        memberIds: member.id,
        [`role-${member.id}`]: 'subscriber',
      },
      cookie,
    )
    expect(res.status).toBe(302)
    const group = await db().selectFrom('groups').select('id').where('name', '=', 'Roles').executeTakeFirstOrThrow()
    const row = await db()
      .selectFrom('group_members')
      .select('role')
      .where('group_id', '=', group.id)
      .where('user_id', '=', member.id)
      .executeTakeFirstOrThrow()
    expect(row.role).toBe('subscriber')
  })

  it('creates an attendance group for a permitted creator, named as asked, owned by another member', async () => {
    const { member, org, cookie } = await setup()
    const res = await post(
      '/create/attendance-group',
      { intent: 'create', organizationId: org.id, name: 'Choir', ownerId: member.id },
      cookie,
    )
    expect(res.status).toBe(302)
    const group = await db().selectFrom('groups').selectAll().where('organization_id', '=', org.id).executeTakeFirstOrThrow()
    expect(group).toMatchObject({ name: 'Choir', kind: 'attendance', owner_id: member.id })
    expect(await toastOf(res.headers)).toMatchObject({ key: 'groupCreated.alone', values: { name: 'Choir' } })
  })

  it('refuses another organization’s members and organizations where the user may not create', async () => {
    const { creator, org, cookie } = await setup()
    const outsider = await createUser({ name: 'Olle Outsider' })
    const other = await createOrganization({ memberIds: [outsider.id] })
    const foreignOwner = await post('/create/group', { intent: 'create', organizationId: org.id, ownerId: outsider.id }, cookie)
    expect(foreignOwner.status).toBe(400)
    expect(foreignOwner.data.result.error.ownerId).toEqual(['errors.OWNER_NOT_MEMBER'])
    // The form comes back without the outsider: the picker shows only people of the organization.
    expect(foreignOwner.data.people.owner).toEqual([])
    const foreignOrg = await post('/create/group', { intent: 'create', organizationId: other.id, ownerId: creator.id }, cookie)
    expect(foreignOrg.status).toBe(404)
    expect(foreignOrg.data.result.error['']).toEqual(['errors.ORGANIZATION_NOT_FOUND'])
    const foreignMember = await post(
      '/create/group',
      { intent: 'create', organizationId: org.id, name: 'Mixed', ownerId: creator.id, memberIds: outsider.id },
      cookie,
    )
    const group = await db().selectFrom('groups').select('id').where('name', '=', 'Mixed').executeTakeFirstOrThrow()
    expect(await db().selectFrom('group_members').select('user_id').where('group_id', '=', group.id).execute()).toEqual([
      { user_id: creator.id },
    ])
    // The toast does not name someone the chooser may not see.
    expect(await toastOf(foreignMember.headers)).toMatchObject({
      key: 'groupCreated.partial',
      items: { failed: { MEMBER_NOT_FOUND: [''] } },
    })
    expect(await db().selectFrom('groups').select('id').where('organization_id', '=', other.id).execute()).toEqual([])
  })

  it('without JavaScript, the picker’s search shows the form again as sent, with the matches, and creates nothing', async () => {
    const { creator, member, leader, org, cookie } = await setup()
    const res = await post(
      '/create/group',
      {
        intent: 'create',
        organizationId: org.id,
        name: 'Kept',
        ownerId: creator.id,
        memberIds: member.id,
        [`role-${member.id}`]: 'leader',
        find: 'memberIds',
        'find-memberIds': 'lena',
      },
      cookie,
    )
    expect(res.status).toBe(200)
    expect(res.data.result.initialValue).toMatchObject({ name: 'Kept', ownerId: creator.id, [`role-${member.id}`]: 'leader' })
    expect(res.data.people.owner.map((p: { _id: string }) => p._id)).toEqual([creator.id])
    expect(res.data.people.members.map((p: { _id: string }) => p._id)).toEqual([member.id])
    // A group creator sees masked emails and the organization role.
    expect(res.data.people.search).toEqual({
      name: 'memberIds',
      query: 'lena',
      found: [
        {
          _id: leader.id,
          name: 'Lena Leader',
          email: expect.stringMatching(/^u…[0-9a-f]@example\.se$/),
          emailMasked: true,
          orgRole: 'member',
        },
      ],
    })
    expect(await db().selectFrom('groups').select('id').where('organization_id', '=', org.id).execute()).toEqual([])
  })

  it('without JavaScript, Enter searches the picker that has text, and with no search text creates', async () => {
    const { creator, leader, org, cookie } = await setup()
    // Enter in a field sends the first Search button (the owner's): the members' text decides.
    const found = await post(
      '/create/group',
      {
        intent: 'create',
        organizationId: org.id,
        name: 'Enter',
        ownerId: creator.id,
        find: 'ownerId',
        'find-ownerId': '',
        'find-memberIds': 'lena',
      },
      cookie,
    )
    expect(found.status).toBe(200)
    expect(found.data.people.search).toMatchObject({ name: 'memberIds', query: 'lena', found: [{ _id: leader.id }] })
    const created = await post(
      '/create/group',
      {
        intent: 'create',
        organizationId: org.id,
        name: 'Enter',
        ownerId: creator.id,
        find: 'ownerId',
        'find-ownerId': '',
        'find-memberIds': ' ',
      },
      cookie,
    )
    expect(created.status).toBe(302)
    expect(await db().selectFrom('groups').select('name').where('organization_id', '=', org.id).execute()).toEqual([{ name: 'Enter' }])
  })

  it('asks for an owner, and answers an unknown intent with 400', async () => {
    const { org, cookie } = await setup()
    const bad = await post('/create/group', { intent: 'create', organizationId: org.id }, cookie)
    expect(bad.status).toBe(400)
    expect(bad.data.result.error.ownerId).toEqual(['createGroup.ownerRequired'])
    expect((await post('/create/group', { intent: 'other' }, cookie)).status).toBe(400)
  })
})

describe('/people/search: the picker’s search', () => {
  it('finds the organization’s members for its group creators; 404 for anyone else, 400 for a place it does not know', async () => {
    const { member, leader, org, cookie } = await setup()
    const search = (c: string, query: string) =>
      searchRoute.loader(args(makeRequest(`/people/search?${query}`, { cookie: c }))) as Promise<Response>
    const found = await search(cookie, `for=new-group&organizationId=${org.id}&q=LENA`)
    expect(found.status).toBe(200)
    expect(await found.json()).toEqual({
      people: [{ _id: leader.id, name: 'Lena Leader', email: expect.stringContaining('…'), emailMasked: true, orgRole: 'member' }],
    })
    const refused = await search(await sessionCookieFor(member), `for=new-group&organizationId=${org.id}&q=lena`)
    expect(refused.status).toBe(404)
    expect(await refused.json()).toEqual({ message: 'ORGANIZATION_NOT_FOUND' })
    expect((await search(cookie, `for=everyone&q=lena`)).status).toBe(400)
  })
})
