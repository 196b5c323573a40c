import { describe, expect, it } from 'vitest'
import { db } from '~/db/db.server'
import { readToast } from '~/http/toast.server'
import { newId } from '~/utils/ids.server'
import { args, cookiesFrom, createUser, makeRequest, run, sessionCookieFor } from '../../../tests/support/factories'
import { addMember, createGroup, createMembers, createOrganization } from '../../../tests/support/org-factories'
import * as home from './home/route'
import * as layout from './layout'
import * as list from './list'
import * as section from './section'
import * as membersCsv from './members-csv'
import * as members from './members'
import { isMember as isMemberOf } from '~/services/members/members.server'

async function adminSetup() {
  const admin = await createUser({ name: 'Astrid Admin' })
  const member = await createUser({ name: 'Bo Medlem' })
  const org = await createOrganization({ name: 'Exempelskolan', adminIds: [admin.id], memberIds: [member.id] })
  return { admin, member, org, cookie: await sessionCookieFor(admin) }
}

const toastOf = async (headers: Headers) => (await readToast(makeRequest('/', { cookie: cookiesFrom(headers) }))).toast

const isMember = (orgId: string, userId: string) => isMemberOf(db(), orgId, userId)

describe('/organizations', () => {
  it('sends a signed-out visitor to sign in, and lists the organizations of a signed-in user', async () => {
    const anonymous = await run(() => list.loader(args(makeRequest('/organizations'))))
    expect(anonymous.status).toBe(302)
    expect(anonymous.headers.get('Location')).toBe('/signin?redirectTo=%2Forganizations')

    const { org, cookie } = await adminSetup()
    const res = await run(() => list.loader(args(makeRequest('/organizations', { cookie }))))
    expect(res.data.organizations).toEqual([expect.objectContaining({ _id: org.id, name: 'Exempelskolan', access: 'admin' })])
    expect(section.handle).toEqual({ breadcrumb: 'organizations.title', i18nArea: 'organizations' })
  })
})

describe('/organizations/:id layout', () => {
  it('gives the organization name to the breadcrumbs for an admin', async () => {
    const { org, cookie } = await adminSetup()
    const res = await run(() => layout.loader(args(makeRequest(`/organizations/${org.id}`, { cookie }), { organizationId: org.id })))
    expect(res.status).toBe(200)
    expect(res.data).toEqual({ org: { id: org.id, name: 'Exempelskolan', active: true, access: 'admin' } })
    expect(layout.handle.breadcrumb(res.data)).toEqual({ label: 'Exempelskolan' })
  })

  it('tells the screens that the organization is inactive', async () => {
    const { org, cookie } = await adminSetup()
    await db().updateTable('organizations').set({ active: 0 }).where('id', '=', org.id).execute()
    const res = await run(() => layout.loader(args(makeRequest(`/organizations/${org.id}`, { cookie }), { organizationId: org.id })))
    expect(res.data).toEqual({ org: { id: org.id, name: 'Exempelskolan', active: false, access: 'admin' } })
  })

  it('shows a group creator the home only: what they may create there, without the administration (docs/organizations.md)', async () => {
    const { org } = await adminSetup()
    const creator = await createUser()
    await addMember(org.id, creator.id, { groupCreator: true })
    const cookie = await sessionCookieFor(creator)
    const res = await run(() => layout.loader(args(makeRequest(`/organizations/${org.id}`, { cookie }), { organizationId: org.id })))
    expect(res.data).toEqual({ org: { id: org.id, name: 'Exempelskolan', active: true, access: 'groupCreator' } })
    expect(layout.handle.breadcrumb(res.data)).toEqual({ label: 'Exempelskolan' })
    const homeRes = await run(() => home.loader(args(makeRequest(`/organizations/${org.id}`, { cookie }), { organizationId: org.id })))
    expect(homeRes.status).toBe(200)
    expect(homeRes.data.view).toBe('groupCreator')
    expect(homeRes.data).not.toHaveProperty('counts')
    expect(homeRes.data).not.toHaveProperty('activity')
    for (const sub of ['members', 'groups', 'group-creators']) {
      const page = await import(`./${sub === 'members' ? 'members' : `${sub}/route`}`)
      const subRes = await run(() =>
        page.loader(args(makeRequest(`/organizations/${org.id}/${sub}`, { cookie }), { organizationId: org.id })),
      )
      expect(subRes.status, sub).toBe(404)
    }
    // Its forms are the admins'.
    const post = await run(() =>
      home.action(
        args(makeRequest(`/organizations/${org.id}`, { cookie, form: { intent: 'rename', name: 'Mine' } }), { organizationId: org.id }),
      ),
    )
    expect(post.status).toBe(404)
  })

  it('answers 404 with no name (breadcrumbs hidden) to a plain member, another organization’s admin and an unknown id', async () => {
    const { org, member } = await adminSetup()
    const otherAdmin = await createUser()
    await createOrganization({ adminIds: [otherAdmin.id] })
    for (const [user, id] of [
      [member, org.id],
      [otherAdmin, org.id],
      [otherAdmin, newId()],
    ] as const) {
      const cookie = await sessionCookieFor(user)
      const res = await run(() => layout.loader(args(makeRequest(`/organizations/${id}`, { cookie }), { organizationId: id })))
      expect(res.status).toBe(404)
      expect(res.data).toEqual({ org: null })
      expect(layout.handle.breadcrumb(res.data)).toBeNull()
      // The screens below answer 404 too, so nothing of the organization leaks.
      const homeRes = await run(() => home.loader(args(makeRequest(`/organizations/${id}`, { cookie }), { organizationId: id })))
      expect(homeRes.status).toBe(404)
      const membersRes = await run(() =>
        members.loader(args(makeRequest(`/organizations/${id}/members`, { cookie }), { organizationId: id })),
      )
      expect(membersRes.status).toBe(404)
    }
  })
})

describe('organization home', () => {
  it('renames, saves the contact, and toggles active only after confirmation', async () => {
    const { org, cookie } = await adminSetup()
    const path = `/organizations/${org.id}`
    const post = (form: Record<string, string>) =>
      run(() => home.action(args(makeRequest(path, { cookie, form }), { organizationId: org.id })))

    const invalid = await post({ intent: 'rename', name: '   ' })
    expect(invalid.status).toBe(400)
    expect(invalid.data.result.error).toEqual({ name: ['validation.required'] })

    const renamed = await post({ intent: 'rename', name: 'Nya skolan' })
    expect(renamed.status).toBe(302)
    expect(renamed.headers.get('Location')).toBe(path)
    expect(await toastOf(renamed.headers)).toMatchObject({ key: 'orgHome.name.saved' })

    const badEmail = await post({ intent: 'contact', email: 'not-an-email' })
    expect(badEmail.status).toBe(400)
    expect(badEmail.data.result.error).toEqual({ email: ['validation.email'] })
    expect((await post({ intent: 'contact', name: 'Rektor', email: 'Rektor@Example.se' })).status).toBe(302)

    const asks = await post({ intent: 'active', active: 'false' })
    expect(asks.status).toBe(200)
    expect(asks.data).toEqual({ intent: 'active', confirm: { active: false } })
    const stillActive = await run(() => home.loader(args(makeRequest(path, { cookie }), { organizationId: org.id })))
    expect(stillActive.data.organization.active).toBe(true)

    const toggled = await post({ intent: 'active', active: 'false', confirmed: '1' })
    expect(toggled.status).toBe(302)
    expect(await toastOf(toggled.headers)).toMatchObject({ key: 'orgHome.status.deactivated' })

    const after = await run(() => home.loader(args(makeRequest(path, { cookie }), { organizationId: org.id })))
    expect(after.data.organization).toMatchObject({
      name: 'Nya skolan',
      active: false,
      contact: { name: 'Rektor', email: 'rektor@example.se' },
    })
    expect(after.data.counts).toMatchObject({ members: 2, groups: 0 })
    expect(after.data.activity.map((a: { action: string }) => a.action).sort()).toEqual([
      'organization.contact',
      'organization.rename',
      'organization.setActive',
    ])
  })

  it('does not let a plain member change the organization', async () => {
    const { org, member } = await adminSetup()
    const cookie = await sessionCookieFor(member)
    const res = await run(() =>
      home.action(
        args(makeRequest(`/organizations/${org.id}`, { cookie, form: { intent: 'rename', name: 'Hacked' } }), { organizationId: org.id }),
      ),
    )
    expect(res.status).toBe(404)
    expect((await db().selectFrom('organizations').select('name').where('id', '=', org.id).executeTakeFirstOrThrow()).name).toBe(
      'Exempelskolan',
    )
  })
})

describe('members page', () => {
  it('reads search, sort and page from the URL', async () => {
    const { org, cookie } = await adminSetup()
    const res = await run(() =>
      members.loader(
        args(makeRequest(`/organizations/${org.id}/members?q=bo&sort=email&dir=desc&page=1`, { cookie }), { organizationId: org.id }),
      ),
    )
    expect(res.data.query).toEqual({ q: 'bo', sort: 'email', dir: 'desc' })
    expect(res.data.page).toMatchObject({ total: 1, page: 1 })
    expect(res.data.page.items[0].name).toBe('Bo Medlem')
  })

  it('asks to confirm a bulk removal without confirmed=1, then removes with it and tells the result', async () => {
    const { admin, member, org, cookie } = await adminSetup()
    const path = `/organizations/${org.id}/members?q=o&page=1`
    const post = (form: Record<string, string | string[]>) =>
      run(() => members.action(args(makeRequest(path, { cookie, form }), { organizationId: org.id })))

    const asks = await post({ intent: 'remove', ids: member.id })
    expect(asks.status).toBe(200)
    expect(asks.data.confirm).toEqual({
      intent: 'remove',
      ids: [member.id],
      count: 1,
      named: [{ id: member.id, name: `${member.name} (${member.email})` }],
    })
    expect(await isMember(org.id, member.id)).toBe(true)

    const done = await post({ intent: 'remove', ids: [member.id], confirmed: '1' })
    expect(done.status).toBe(302)
    expect(done.headers.get('Location')).toBe(`/organizations/${org.id}/members?q=o&page=1`)
    expect(await toastOf(done.headers)).toEqual({
      key: 'bulk.resultSummary',
      values: { succeeded: '1', total: '1', count: '1' },
      type: 'success',
      items: { failed: {}, moreFailed: 0, done: [`${member.name} (${member.email})`], moreDone: 0 },
    })
    expect(await isMember(org.id, member.id)).toBe(false)

    // The last admin and another organization's member fail per item; the first failure is the error.
    const outsider = await createUser()
    await createOrganization({ adminIds: [outsider.id] })
    const mixed = await post({ intent: 'remove', ids: [admin.id, outsider.id], confirmed: '1' })
    // Each failure is named (another organization's member has no name here).
    expect(await toastOf(mixed.headers)).toEqual({
      key: 'orgMembers.resultWithError',
      values: { succeeded: '0', total: '2', count: '2' },
      type: 'error',
      items: { failed: { LAST_ADMIN: [`${admin.name} (${admin.email})`], MEMBER_NOT_FOUND: [''] }, moreFailed: 0, done: [], moreDone: 0 },
    })
  })

  it('adds group creators without a confirmation step, and refuses an empty selection', async () => {
    const { member, org, cookie } = await adminSetup()
    const path = `/organizations/${org.id}/members`
    const post = (form: Record<string, string | string[]>) =>
      run(() => members.action(args(makeRequest(path, { cookie, form }), { organizationId: org.id })))
    const none = await post({ intent: 'addGroupCreators' })
    expect(none.status).toBe(400)
    expect(none.data.result.error).toEqual({ ids: ['orgMembers.noneSelected'] })

    const added = await post({ intent: 'addGroupCreators', ids: member.id })
    expect(added.status).toBe(302)
    const again = await post({ intent: 'addGroupCreators', ids: member.id })
    expect(await toastOf(again.headers)).toMatchObject({
      type: 'error',
      items: { failed: { ALREADY_GROUP_CREATOR: [`${member.name} (${member.email})`] } },
    })
    const removed = await post({ intent: 'removeGroupCreators', ids: member.id })
    expect(await toastOf(removed.headers)).toMatchObject({ type: 'success' })
  })

  it('answers adding group creators in an inactive organization with the ORGANIZATION_INACTIVE toast; removing still works', async () => {
    const { member, org, cookie } = await adminSetup()
    await addMember(org.id, member.id, { groupCreator: true })
    const other = await createUser()
    await addMember(org.id, other.id)
    await db().updateTable('organizations').set({ active: 0 }).where('id', '=', org.id).execute()
    const path = `/organizations/${org.id}/members?q=`
    const post = (form: Record<string, string | string[]>) =>
      run(() => members.action(args(makeRequest(path, { cookie, form }), { organizationId: org.id })))
    const refused = await post({ intent: 'addGroupCreators', ids: other.id })
    expect(refused.status).toBe(302)
    expect(refused.headers.get('Location')).toBe(path)
    expect(await toastOf(refused.headers)).toEqual({ key: 'errors.ORGANIZATION_INACTIVE', type: 'error' })
    const removed = await post({ intent: 'removeGroupCreators', ids: member.id })
    expect(await toastOf(removed.headers)).toMatchObject({ type: 'success' })
    const flags = await db()
      .selectFrom('organization_members')
      .select(['user_id', 'is_group_creator'])
      .where('organization_id', '=', org.id)
      .where('user_id', 'in', [member.id, other.id])
      .execute()
    expect(flags.every((f) => f.is_group_creator === 0)).toBe(true)
  })

  it('acts on every member the search matches across pages with "all N matching", and on nobody else', async () => {
    const { org, cookie } = await adminSetup()
    const matching = await createMembers(org.id, 60, { namePrefix: 'Matchande' })
    const others = await createMembers(org.id, 3, { namePrefix: 'Annan' })
    const elsewhere = await createOrganization({})
    const outsiders = await createMembers(elsewhere.id, 3, { namePrefix: 'Matchande' })
    const path = `/organizations/${org.id}/members?q=matchande&page=1`
    const post = (form: Record<string, string | string[]>) =>
      run(() => members.action(args(makeRequest(path, { cookie, form }), { organizationId: org.id })))
    const creators = async (orgId: string, ids: string[]) =>
      (
        await db()
          .selectFrom('organization_members')
          .select('user_id')
          .where('organization_id', '=', orgId)
          .where('user_id', 'in', ids)
          .where('is_group_creator', '=', 1)
          .execute()
      ).length

    // The page shows 50 of 60; "all matching" takes all 60 (posted ids are ignored).
    const page = await run(() => members.loader(args(makeRequest(path, { cookie }), { organizationId: org.id })))
    expect(page.data.page).toMatchObject({ total: 60, pageSize: 50 })
    const added = await post({ intent: 'addGroupCreators', scope: 'matching', ids: others[0] })
    expect(await toastOf(added.headers)).toMatchObject({
      key: 'bulk.resultSummary',
      values: { succeeded: '60', total: '60' },
      type: 'success',
      items: { failed: {}, moreDone: 50 },
    })
    expect(await creators(org.id, matching)).toBe(60)
    expect(await creators(org.id, others)).toBe(0)
    expect(await creators(elsewhere.id, outsiders)).toBe(0)

    // Removing asks first, with the count, and keeps the scope (not 60 ids) in the confirmation.
    const asks = await post({ intent: 'remove', scope: 'matching' })
    expect(asks.data.confirm).toMatchObject({ intent: 'remove', scope: 'matching', ids: [], count: 60 })
    // One more match since the confirmation: nothing happens, the new count is asked for.
    const late = (await createMembers(org.id, 1, { namePrefix: 'Matchande sen' }))[0]
    const again = await post({ intent: 'remove', scope: 'matching', expected: '60', confirmed: '1' })
    expect(again.data.confirm).toMatchObject({ intent: 'remove', scope: 'matching', ids: [], count: 61 })
    expect(await isMember(org.id, late)).toBe(true)
    const removed = await post({ intent: 'remove', scope: 'matching', expected: '61', confirmed: '1' })
    expect(await toastOf(removed.headers)).toMatchObject({ values: { succeeded: '61', total: '61' } })
    expect(await isMember(org.id, matching[0])).toBe(false)
    expect(await isMember(org.id, others[0])).toBe(true)
    expect(await isMember(elsewhere.id, outsiders[0])).toBe(true)
    // Nothing left to match: said as such, not "0 of 0 done".
    const none = await post({ intent: 'remove', scope: 'matching', expected: '0', confirmed: '1' })
    expect(none.status).toBe(400)
    expect(none.data.result.error).toEqual({ ids: ['orgMembers.noneSelected'] })
  })

  it('"remove all matching" never removes the admin doing it', async () => {
    const { admin, org, cookie } = await adminSetup()
    const coAdmin = await createUser({ name: 'Astrid Andra' })
    await addMember(org.id, coAdmin.id, { role: 'admin' })
    const path = `/organizations/${org.id}/members?q=a`
    const post = (form: Record<string, string | string[]>) =>
      run(() => members.action(args(makeRequest(path, { cookie, form }), { organizationId: org.id })))
    const asks = await post({ intent: 'remove', scope: 'matching' })
    const count = asks.data.confirm.count
    await post({ intent: 'remove', scope: 'matching', expected: String(count), confirmed: '1' })
    expect(await isMember(org.id, admin.id)).toBe(true)
    expect(await isMember(org.id, coAdmin.id)).toBe(false)
  })

  it('does not remove a group owner through the page', async () => {
    const { member, org, cookie } = await adminSetup()
    await createGroup(org.id, { ownerId: member.id })
    const res = await run(() =>
      members.action(
        args(makeRequest(`/organizations/${org.id}/members`, { cookie, form: { intent: 'remove', ids: member.id, confirmed: '1' } }), {
          organizationId: org.id,
        }),
      ),
    )
    // "The person owns a group": said of whom.
    expect(await toastOf(res.headers)).toMatchObject({
      type: 'error',
      items: { failed: { IS_GROUP_OWNER: [`${member.name} (${member.email})`] } },
    })
    expect(await isMember(org.id, member.id)).toBe(true)
  })
})

describe('members CSV', () => {
  it('downloads the filtered members as an attachment with translated titles', async () => {
    const { org, admin } = await adminSetup()
    await db().updateTable('users').set({ locale: 'en' }).where('id', '=', admin.id).execute()
    const cookie = await sessionCookieFor(admin)
    const res = (await membersCsv.loader(
      args(makeRequest(`/organizations/${org.id}/members.csv?q=medlem`, { cookie }), { organizationId: org.id }),
    )) as Response
    expect(res.headers.get('Content-Type')).toBe('text/csv; charset=utf-8')
    expect(res.headers.get('Content-Disposition')).toBe(
      `attachment; filename="members-exempelskolan.csv"; filename*=UTF-8''Members-Exempelskolan.csv`,
    )
    const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(await res.arrayBuffer())
    expect(text.startsWith('\uFEFFName,Email,Joined,Last seen,Admin,Group creator\r\n')).toBe(true)
    expect(text).toContain('Bo Medlem,')
    expect(text).not.toContain('Astrid Admin')

    const member = await createUser()
    await db()
      .insertInto('organization_members')
      .values({ organization_id: org.id, user_id: member.id, created_at: new Date().toISOString() })
      .execute()
    const memberCookie = await sessionCookieFor(member)
    const denied = await run(() =>
      membersCsv.loader(args(makeRequest(`/organizations/${org.id}/members.csv`, { cookie: memberCookie }), { organizationId: org.id })),
    )
    expect(denied.status).toBe(404)
  })
})
