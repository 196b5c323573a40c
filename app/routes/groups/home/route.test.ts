import { describe, expect, it } from 'vitest'
import { db } from '~/db/db.server'
import type { User } from '~/db/schema'
import { tFor } from '~/i18n/i18n.server'
import { readToast } from '~/http/toast.server'
import { args, cookiesFrom, createUser, makeRequest, run, sessionCookieFor } from '../../../../tests/support/factories'
import { createGroup, createOrganization } from '../../../../tests/support/org-factories'
import { ctxFor } from '~/services/context.server'
import { declineMyInvitation } from '~/services/invitations/invitation-inbox.server'
import { createGroupInvitation } from '~/services/invitations/invitations.server'
import { createLoop, createTask } from '../../../../tests/support/group-work-factories'
import { action, handle, loader } from './route'

/** A group with an owner, a leader and a member; another group of the same organization; another organization's group. */
async function setup() {
  const [owner, leader, member] = await Promise.all(['Olga Owner', 'Lars Leader', 'Mia Member'].map((name) => createUser({ name })))
  const org = await createOrganization()
  const group = await createGroup(org.id, { ownerId: owner.id, name: 'Schack', memberIds: [[leader.id, 'leader'], member.id] })
  const groupB = await createGroup(org.id, { ownerId: (await createUser()).id })
  const foreign = await createGroup((await createOrganization()).id, { ownerId: (await createUser()).id })
  return { owner, leader, member, org, group, groupB, foreign, path: `/groups/${group.id}/home` }
}

const load = async (user: User | null, path: string, groupId: string, cookie?: string) =>
  run(async () => loader(args(makeRequest(path, { cookie: cookie ?? (user ? await sessionCookieFor(user) : undefined) }), { groupId })))

const post = async (user: User, path: string, groupId: string, form: Record<string, string>) =>
  run(async () => action(args(makeRequest(path, { form, cookie: await sessionCookieFor(user) }), { groupId })))

const toastOf = async (headers: Headers) => {
  const toast = (await readToast(new Request('http://localhost/', { headers: { Cookie: cookiesFrom(headers) } }))).toast
  // The text as the server renders it for a Swedish page (the toaster translates with the values).
  return toast && { ...toast, text: tFor('sv')(toast.key, toast.values) as string }
}

const roleOf = async (groupId: string, userId: string) =>
  (await db().selectFrom('group_members').select('role').where('group_id', '=', groupId).where('user_id', '=', userId).executeTakeFirst())
    ?.role

describe('group home loader', () => {
  it('shows a member "Your tasks": the next published tasks of their role without a loop of theirs; the owner the package drafts to publish', async () => {
    const { owner, member, group, path } = await setup()
    const done = await createTask(group.id, { title: 'Gjord' })
    await createTask(group.id, { title: 'Nästa' })
    await createTask(group.id, { title: 'Utkast', published: false })
    await db().updateTable('group_tasks').set({ package_id: null }).where('group_id', '=', group.id).execute()
    await createLoop(group.id, member.id, { taskId: done.id })
    const mine = (await load(member, path, group.id)).data.memberTasks
    expect(mine.next.map((t: { title: string }) => t.title)).toEqual(['Nästa'])
    expect([mine.mineCount, mine.canWrite, mine.editor]).toEqual([2, true, null])
    const owners = (await load(owner, path, group.id)).data.memberTasks
    expect(owners.editor).toEqual({ taskCount: 3, packageDraftCount: 0, draftCount: 1 })
  })

  it('shows a member the group; the home names itself Overview (the layout names the group)', async () => {
    const { member, group, path } = await setup()
    const res = await load(member, path, group.id)
    expect(res.status).toBe(200)
    expect(res.data.home.group.name).toBe('Schack')
    expect(res.data.home.myRole.name).toBe('member')
    expect(res.data.home.members.items).toHaveLength(3)
    expect(handle.breadcrumb).toBe('groupWork.tabs.overview')
  })

  it('is the not-found page for non-members and another organization, sign-in for anonymous', async () => {
    const { member, group, groupB, foreign, path } = await setup()
    expect((await load(member, `/groups/${groupB.id}/home`, groupB.id)).status).toBe(404)
    expect((await load(member, `/groups/${foreign.id}/home`, foreign.id)).status).toBe(404)
    expect((await load(await createUser(), path, group.id)).status).toBe(404)
    const anonymous = await load(null, path, group.id)
    expect(anonymous.status).toBe(302)
    expect(anonymous.headers.get('Location')).toMatch(/^\/signin\?redirectTo=/)
  })

  it('shows those who invite what became of their email invitations (a declined one too); not plain members', async () => {
    const { owner, leader, member, group, path } = await setup()
    const invitee = await createUser()
    const sent = await createGroupInvitation(ctxFor(owner), group.id, { type: 'email', email: invitee.email })
    await declineMyInvitation(ctxFor(invitee), { kind: 'groups', id: sent.invitation._id })
    for (const manager of [owner, leader]) {
      const res = await load(manager, path, group.id)
      expect(res.data.sentInvitations).toEqual([expect.objectContaining({ email: invitee.email, status: 'declined' })])
    }
    expect((await load(member, path, group.id)).data.sentInvitations).toBeNull()
  })

  it('reads search, sort and direction from the URL; unknown values fall back to by role', async () => {
    const { member, group, path } = await setup()
    const sorted = await load(member, `${path}?sort=name&dir=desc`, group.id)
    expect(sorted.data.query).toEqual({ q: '', sort: 'name', dir: 'desc' })
    expect(sorted.data.home.members.items.map((m: { name: string }) => m.name)).toEqual(['Olga Owner', 'Mia Member', 'Lars Leader'])
    const searched = await load(member, `${path}?q=MIA&sort=bogus`, group.id)
    expect(searched.data.query).toEqual({ q: 'MIA', sort: 'role', dir: 'asc' })
    expect(searched.data.home.members.items.map((m: { name: string }) => m.name)).toEqual(['Mia Member'])
  })

  it('sends a page past the end to the last one', async () => {
    const { member, group, path } = await setup()
    const res = await load(member, `${path}?page=9`, group.id)
    expect(res.status).toBe(302)
    expect(res.headers.get('Location')).toBe(path)
  })
})

describe('group home actions', () => {
  it('a leader changes a role: redirect with a toast naming the member and the role', async () => {
    const { leader, member, group, path } = await setup()
    const res = await post(leader, path, group.id, { intent: 'change-role', userId: member.id, role: 'subscriber' })
    expect(res.status).toBe(302)
    expect(res.headers.get('Location')).toBe(path)
    expect((await toastOf(res.headers))?.text).toBe('Mia Member är nu prenumerant.')
    expect(await roleOf(group.id, member.id)).toBe('subscriber')
  })

  it('a row action lands back on the same page, search and sort', async () => {
    const { leader, member, group, path } = await setup()
    const here = `${path}?q=mia&sort=email&dir=desc&page=1`
    const res = await post(leader, here, group.id, { intent: 'change-role', userId: member.id, role: 'leader' })
    expect(res.headers.get('Location')).toBe(here)
  })

  it('removing asks to confirm first (without JavaScript), then removes', async () => {
    const { leader, member, group, path } = await setup()
    const ask = await post(leader, path, group.id, { intent: 'remove', userId: member.id, name: 'Mia Member' })
    expect(ask.status).toBe(200)
    expect(ask.data).toEqual({ intent: 'confirm-remove', userId: member.id, name: 'Mia Member' })
    expect(await roleOf(group.id, member.id)).toBe('member')
    const done = await post(leader, path, group.id, { intent: 'remove', userId: member.id, confirmed: '1' })
    expect(done.status).toBe(302)
    expect(await roleOf(group.id, member.id)).toBeUndefined()
  })

  it('refusals come back as an error toast; a member cannot invite; a leader cannot rename nor hand over', async () => {
    const { owner, leader, member, group, path } = await setup()
    for (const [actor, form] of [
      [member, { intent: 'invite', type: 'open' }],
      [member, { intent: 'change-role', userId: leader.id, role: 'member' }],
      [leader, { intent: 'rename', name: 'Mitt' }],
      [leader, { intent: 'hand-over', userId: leader.id, confirmed: '1' }],
      [leader, { intent: 'set-active', active: '0' }],
    ] as const) {
      const res = await post(actor, path, group.id, form)
      expect(res.status, form.intent).toBe(302)
      expect(await toastOf(res.headers), form.intent).toMatchObject({ type: 'error', key: 'errors.FORBIDDEN' })
    }
    const ownerRole = await post(leader, path, group.id, { intent: 'remove', userId: owner.id, confirmed: '1' })
    expect(await toastOf(ownerRole.headers)).toMatchObject({ type: 'error', key: 'groupHome.errors.IS_GROUP_OWNER' })
    const row = await db().selectFrom('groups').select(['name', 'owner_id', 'active']).where('id', '=', group.id).executeTakeFirstOrThrow()
    expect(row).toEqual({ name: 'Schack', owner_id: owner.id, active: 1 })
    expect(await db().selectFrom('invitations').select('id').where('group_id', '=', group.id).execute()).toEqual([])
  })

  it('an outsider gets 404 before the form is read; an unknown intent is 400', async () => {
    const { leader, member, group, groupB, path } = await setup()
    expect((await post(member, `/groups/${groupB.id}/home`, groupB.id, { intent: 'rename', name: 'X' })).status).toBe(404)
    expect((await post(await createUser(), path, group.id, { intent: 'remove', userId: leader.id, confirmed: '1' })).status).toBe(404)
    expect((await post(leader, path, group.id, { intent: 'nope' })).status).toBe(400)
  })

  it('the owner renames, deactivates and hands over (confirmed)', async () => {
    const { owner, member, group, path } = await setup()
    expect((await post(owner, path, group.id, { intent: 'rename', name: '' })).status).toBe(400)
    expect((await post(owner, path, group.id, { intent: 'rename', name: 'Schackklubben' })).status).toBe(302)
    expect((await post(owner, path, group.id, { intent: 'set-active', active: '0' })).status).toBe(302)
    const ask = await post(owner, path, group.id, { intent: 'hand-over', userId: member.id, name: 'Mia Member' })
    expect(ask.data).toMatchObject({ intent: 'confirm-hand-over', userId: member.id, oldOwnerRole: 'leader' })
    const done = await post(owner, path, group.id, { intent: 'hand-over', userId: member.id, oldOwnerRole: 'leader', confirmed: '1' })
    expect((await toastOf(done.headers))?.text).toBe('Mia Member äger nu gruppen.')
    const row = await db().selectFrom('groups').select(['name', 'owner_id', 'active']).where('id', '=', group.id).executeTakeFirstOrThrow()
    expect(row).toEqual({ name: 'Schackklubben', owner_id: member.id, active: 0 })
    expect(await roleOf(group.id, owner.id)).toBe('leader')
  })

  it('an open code is shown once after the redirect, then cleared', async () => {
    const { leader, group, path } = await setup()
    const res = await post(leader, path, group.id, { intent: 'invite', type: 'open' })
    expect(res.status).toBe(302)
    const cookie = `${await sessionCookieFor(leader)}; ${cookiesFrom(res.headers)}`
    const shown = await load(leader, path, group.id, cookie)
    expect(shown.data.newCode.code).toMatch(/^[A-Z0-9]{6}$/)
    expect(shown.headers.getSetCookie().join()).toMatch(/new-group-code=;/)
    const email = await post(leader, path, group.id, { intent: 'invite', type: 'email', email: 'ny@example.se' })
    expect((await toastOf(email.headers))?.text).toContain('ny@example.se')
    const bad = await post(leader, path, group.id, { intent: 'invite', type: 'email', email: 'not-an-email' })
    expect(bad.status).toBe(400)
    expect(bad.data.result.error.email).toEqual(['validation.email'])
  })

  it('invites someone of the organization chosen with the people picker: searched without JavaScript, then sent by id', async () => {
    const { owner, leader, member, org, group, path } = await setup()
    const [emma1, emma2] = await Promise.all([createUser({ name: 'Emma Ek' }), createUser({ name: 'Emma Ek' })])
    await db()
      .insertInto('organization_members')
      .values([emma1, emma2].map((u) => ({ organization_id: org.id, user_id: u.id, created_at: new Date().toISOString() })))
      .execute()
    const outsider = await createUser({ name: 'Emma Outsider' })
    // The search button without JavaScript: the form again, with both Emmas told apart by their emails.
    const found = await post(leader, path, group.id, { intent: 'invite', type: 'person', find: 'userId', 'find-userId': 'emma' })
    expect(found.status).toBe(200)
    expect(found.data.result.initialValue).toMatchObject({ type: 'person' })
    expect(found.data.people.search.found.map((p: { email: string }) => p.email).sort()).toEqual([emma1.email, emma2.email].sort())
    // Members of the group are not offered; nor is anyone outside the organization.
    expect(
      (await post(leader, path, group.id, { intent: 'invite', type: 'person', find: 'userId', 'find-userId': member.name })).data.people
        .search.found,
    ).toEqual([])
    const sent = await post(leader, path, group.id, { intent: 'invite', type: 'person', userId: emma2.id })
    expect(sent.status).toBe(302)
    expect((await toastOf(sent.headers))?.text).toBe('Inbjudan skickades till Emma Ek.')
    const invitation = await db()
      .selectFrom('invitations')
      .select(['email', 'group_id'])
      .where('email', '=', emma2.email)
      .executeTakeFirstOrThrow()
    expect(invitation.group_id).toBe(group.id)
    const alert = await db().selectFrom('alerts').select('template').where('user_id', '=', emma2.id).executeTakeFirstOrThrow()
    expect(alert.template).toBe('group.invitation.new')
    const foreign = await post(owner, path, group.id, { intent: 'invite', type: 'person', userId: outsider.id })
    expect(foreign.status).toBe(400)
    expect(foreign.data.result.error.userId).toEqual(['errors.MEMBER_NOT_FOUND'])
    expect(await db().selectFrom('invitations').select('id').where('email', '=', outsider.email).execute()).toEqual([])
    const none = await post(owner, path, group.id, { intent: 'invite', type: 'person' })
    expect(none.data.result.error.userId).toEqual(['groupHome.invite.choosePerson'])
  })

  it('a member leaves: asked first (without JavaScript), then /groups with a toast naming the group', async () => {
    const { member, group, path } = await setup()
    const ask = await post(member, path, group.id, { intent: 'leave' })
    expect(ask.status).toBe(200)
    expect(ask.data).toEqual({ intent: 'confirm-leave' })
    expect(await roleOf(group.id, member.id)).toBe('member')
    const done = await post(member, path, group.id, { intent: 'leave', confirmed: '1' })
    expect(done.status).toBe(302)
    expect(done.headers.get('Location')).toBe('/groups')
    expect(await toastOf(done.headers)).toMatchObject({ type: 'success', text: 'Du lämnade gruppen Schack.' })
    expect(await roleOf(group.id, member.id)).toBeUndefined()
    expect((await load(member, path, group.id)).status).toBe(404)
  })

  it('the owner cannot leave: an error toast says to hand over first', async () => {
    const { owner, group, path } = await setup()
    const res = await post(owner, path, group.id, { intent: 'leave', confirmed: '1' })
    expect(res.status).toBe(302)
    expect(res.headers.get('Location')).toBe(path)
    expect(await toastOf(res.headers)).toMatchObject({ type: 'error', key: 'errors.GROUP_OWNER_CANNOT_LEAVE' })
    expect(await roleOf(group.id, owner.id)).toBe('owner')
  })
})

describe('who sees whose email on the group home (docs/group-roles.md)', () => {
  it('a member and a subscriber get no email in the loader data; the owner, a leader and an admin do', async () => {
    const [owner, leader, member, subscriber, admin] = await Promise.all(
      ['Olga Owner', 'Lars Leader', 'Mia Member', 'Sam Subscriber', 'Ada Admin'].map((name) => createUser({ name })),
    )
    const org = await createOrganization({ adminIds: [admin.id] })
    const group = await createGroup(org.id, {
      ownerId: owner.id,
      memberIds: [
        [leader.id, 'leader'],
        [member.id, 'member'],
        [subscriber.id, 'subscriber'],
      ],
    })
    const path = `/groups/${group.id}/home`
    for (const [actor, sees] of [
      [owner, true],
      [leader, true],
      [admin, true],
      [member, false],
      [subscriber, false],
    ] as const) {
      const res = await load(actor, path, group.id)
      expect(res.data.home.seesEmails, actor.name).toBe(sees)
      const text = JSON.stringify(res.data)
      for (const person of [owner, leader, member, subscriber])
        expect(text.includes(person.email), `${actor.name} sees ${person.name}`).toBe(sees)
    }
  })
})
