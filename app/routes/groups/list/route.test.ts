import { describe, expect, it } from 'vitest'
import type { User } from '~/db/schema'
import { db } from '~/db/db.server'
import { tFor } from '~/i18n/i18n.server'
import { readToast } from '~/http/toast.server'
import { args, cookiesFrom, createUser, makeRequest, run, sessionCookieFor } from '../../../../tests/support/factories'
import { addMember, createGroup, createOrganization } from '../../../../tests/support/org-factories'
import { action, loader } from './route'

const load = async (user: User | null, qs = '') =>
  run(async () => loader(args(makeRequest(`/groups${qs}`, { cookie: user ? await sessionCookieFor(user) : undefined }))))

const names = (res: Awaited<ReturnType<typeof load>>) => res.data.page.items.map((g: { name: string }) => g.name)

describe('/groups loader', () => {
  it("lists the user's groups with the search, filters and sort of the URL", async () => {
    const me = await createUser()
    const a = await createOrganization({ name: 'Alfa' })
    const b = await createOrganization({ name: 'Beta' })
    const schack = await createGroup(a.id, { ownerId: me.id, name: 'Schack' })
    await createGroup(b.id, { ownerId: (await createUser()).id, name: 'Kör', memberIds: [[me.id, 'subscriber']], active: false })
    await createGroup(a.id, { ownerId: (await createUser()).id, name: 'Not mine' })
    const all = await load(me)
    expect(all.status).toBe(200)
    expect(names(all)).toEqual(['Kör', 'Schack'])
    // Only what the table shows.
    expect(all.data.page.items[1]).toEqual({
      _id: schack.id,
      name: 'Schack',
      organization: 'Alfa',
      owner: me.name,
      role: 'owner',
      memberCount: 1,
      active: true,
      created: expect.any(String),
    })
    expect(all.data.organizations.map((o: { name: string }) => o.name)).toEqual(['Alfa', 'Beta'])
    expect(all.data.filters).toEqual({ status: 'all', organization: '' })
    expect(names(await load(me, `?organization=${b.id}`))).toEqual(['Kör'])
    expect(names(await load(me, '?status=active'))).toEqual(['Schack'])
    expect(names(await load(me, '?q=sch&status=bogus'))).toEqual(['Schack'])
    expect(names(await load(me, '?sort=name&dir=desc'))).toEqual(['Schack', 'Kör'])
    expect((await load(me, '?page=5')).headers.get('Location')).toBe('/groups')
  })

  it('is empty for a user without groups, offering to create only where they may', async () => {
    const me = await createUser()
    const empty = await load(me)
    expect(empty.data.page.total).toBe(0)
    expect(empty.data.canCreate).toBe(false)
    await addMember((await createOrganization()).id, me.id, { groupCreator: true })
    expect((await load(me)).data.canCreate).toBe(true)
    // An inactive organization takes no new groups.
    const other = await createUser()
    await addMember((await createOrganization({ active: false })).id, other.id, { role: 'admin' })
    expect((await load(other)).data.canCreate).toBe(false)
  })

  it('sends anonymous visitors to sign in', async () => {
    const res = await load(null)
    expect(res.status).toBe(302)
    expect(res.headers.get('Location')).toMatch(/^\/signin\?redirectTo=%2Fgroups/)
  })
})

describe('/groups action: leave a group from the list', () => {
  const post = async (user: User, path: string, form: Record<string, string>) =>
    run(async () => action(args(makeRequest(path, { form, cookie: await sessionCookieFor(user) }))))
  const toastOf = async (headers: Headers) => {
    const toast = (await readToast(new Request('http://localhost/', { headers: { Cookie: cookiesFrom(headers) } }))).toast
    return toast && { ...toast, text: tFor('sv')(toast.key, toast.values) as string }
  }
  const isMember = async (groupId: string, userId: string) =>
    !!(await db()
      .selectFrom('group_members')
      .select('role')
      .where('group_id', '=', groupId)
      .where('user_id', '=', userId)
      .executeTakeFirst())

  it('asks first (without JavaScript), then leaves and lands on the same list with a toast naming the group', async () => {
    const me = await createUser()
    const org = await createOrganization()
    const group = await createGroup(org.id, { ownerId: (await createUser()).id, name: 'Kör', memberIds: [me.id] })
    const ask = await post(me, '/groups?index&q=k', { intent: 'leave', groupId: group.id, name: 'Kör' })
    expect(ask.status).toBe(200)
    expect(ask.data).toEqual({ intent: 'confirm-leave', groupId: group.id, name: 'Kör' })
    expect(await isMember(group.id, me.id)).toBe(true)
    const done = await post(me, '/groups?index&q=k', { intent: 'leave', groupId: group.id, confirmed: '1' })
    expect(done.status).toBe(302)
    expect(done.headers.get('Location')).toBe('/groups?q=k')
    expect(await toastOf(done.headers)).toMatchObject({ type: 'success', text: 'Du lämnade gruppen Kör.' })
    expect(await isMember(group.id, me.id)).toBe(false)
  })

  it('refuses the owner, a group not theirs and a bad form', async () => {
    const me = await createUser()
    const org = await createOrganization()
    const mine = await createGroup(org.id, { ownerId: me.id, name: 'Min' })
    const notMine = await createGroup(org.id, { ownerId: (await createUser()).id })
    const owner = await post(me, '/groups?index', { intent: 'leave', groupId: mine.id, confirmed: '1' })
    expect(await toastOf(owner.headers)).toMatchObject({ type: 'error', key: 'errors.GROUP_OWNER_CANNOT_LEAVE' })
    expect(await isMember(mine.id, me.id)).toBe(true)
    const other = await post(me, '/groups?index', { intent: 'leave', groupId: notMine.id, confirmed: '1' })
    expect(await toastOf(other.headers)).toMatchObject({ type: 'error', key: 'errors.GROUP_NOT_FOUND' })
    expect((await post(me, '/groups?index', { intent: 'leave' })).status).toBe(400)
    expect((await post(me, '/groups?index', { intent: 'nope', groupId: mine.id })).status).toBe(400)
  })
})
