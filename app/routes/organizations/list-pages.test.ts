import { describe, expect, it } from 'vitest'
import { args, createUser, makeRequest, run, sessionCookieFor } from '../../../tests/support/factories'
import { createGroup, createMembers, createOrganization } from '../../../tests/support/org-factories'
import * as groupCreators from './group-creators/route'
import * as groups from './groups/route'
import * as members from './members'

/** docs/architecture.md ("How to add a screen", Lists): a page past the end of a list redirects to its last page, on every paginated screen. */
async function setup() {
  const admin = await createUser({ name: 'Astrid Admin' })
  const org = await createOrganization({ name: 'Exempelskolan', adminIds: [admin.id] })
  return { org, admin, cookie: await sessionCookieFor(admin) }
}

describe('a page past the end of a list', () => {
  it('members: ?page=99 of 3 pages goes to page 3, search and sort kept; a page in range stays', async () => {
    const { org, cookie } = await setup()
    await createMembers(org.id, 120, { namePrefix: 'Medlem' }) // 121 with the admin: 3 pages of 50
    const load = (search: string) =>
      run(() => members.loader(args(makeRequest(`/organizations/${org.id}/members${search}`, { cookie }), { organizationId: org.id })))
    const past = await load('?q=medlem&page=99&sort=email')
    expect(past.status).toBe(302)
    expect(past.headers.get('Location')).toBe(`/organizations/${org.id}/members?q=medlem&page=3&sort=email`)
    const last = await load('?q=medlem&page=3&sort=email')
    expect(last.status).toBe(200)
    expect(last.data.page).toMatchObject({ page: 3, total: 120 })
    expect(last.data.page.items).toHaveLength(20)
    // Nothing matches: the only page is the first.
    const none = await load('?q=nobody&page=2')
    expect(none.headers.get('Location')).toBe(`/organizations/${org.id}/members?q=nobody`)
  })

  it('groups: ?page=99 of 2 pages goes to page 2 with the filters kept', async () => {
    const { org, admin, cookie } = await setup()
    for (let i = 0; i < 52; i++) await createGroup(org.id, { ownerId: admin.id, name: `Klass ${i}`, kind: 'attendance' })
    await createGroup(org.id, { ownerId: admin.id, name: 'Schack' })
    const load = (search: string) =>
      run(() => groups.loader(args(makeRequest(`/organizations/${org.id}/groups${search}`, { cookie }), { organizationId: org.id })))
    const past = await load('?kind=attendance&status=active&page=99')
    expect(past.status).toBe(302)
    expect(past.headers.get('Location')).toBe(`/organizations/${org.id}/groups?kind=attendance&status=active&page=2`)
    const last = await load('?kind=attendance&status=active&page=2')
    expect(last.data.page).toMatchObject({ page: 2, total: 52 })
    expect(last.data.page.items).toHaveLength(2)
  })

  it('group creators: ?page=99 goes to the last page of the creators', async () => {
    const { org, cookie } = await setup()
    await createMembers(org.id, 55, { groupCreator: true, namePrefix: 'Skapare' })
    await createMembers(org.id, 60, { namePrefix: 'Medlem' })
    const load = (search: string) =>
      run(() =>
        groupCreators.loader(args(makeRequest(`/organizations/${org.id}/group-creators${search}`, { cookie }), { organizationId: org.id })),
      )
    const past = await load('?page=99&sort=email')
    expect(past.status).toBe(302)
    expect(past.headers.get('Location')).toBe(`/organizations/${org.id}/group-creators?page=2&sort=email`)
    const last = await load('?page=2&sort=email')
    expect(last.data.page).toMatchObject({ page: 2, total: 55 })
  })
})
