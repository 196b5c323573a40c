import { describe, expect, it } from 'vitest'
import { db } from '~/db/db.server'
import { args, createUser, makeRequest, run, sessionCookieFor } from '../../../tests/support/factories'
import { createPackage } from '../../../tests/support/library-factories'
import { loader as acceptLoader, action as acceptAction } from './accept-share-link'
import { loader as feedLoader } from './feed/route'
import { handle as viewHandle } from './package-view/route'
import { handle as sectionHandle } from './section'
import { handle as wizardHandle, loader as wizardLoader } from './wizard/route'
import { action as invitationsAction, loader as invitationsLoader } from './invitations/route'
import { action as viewAction, ALL_TASKS_UP_TO, loader as viewLoader } from './package-view/route'
import { loader as signinRedirect } from './redirects/signin'
import { loader as userRedirect } from './redirects/user-invitations'
import { loader as newRedirect } from './redirects/new-package'
import { loader as editRedirect } from './redirects/edit-package'
import { inviteCollaborator } from '~/services/library/collaborator-invitations.server'
import { createShareLink, revokeShareLink } from '~/services/library/share-links.server'
import { toastOf } from '../../../tests/support/toast'
import { ctxFor } from '~/services/context.server'

const location = (res: { headers: Headers }) => res.headers.get('Location')

describe('library redirects', () => {
  it('sends the old addresses on, keeping what follows', async () => {
    expect(location(await run(() => signinRedirect(args(makeRequest('/library/signin?redirectTo=%2Flibrary')))))).toBe(
      '/signin?redirectTo=%2Flibrary',
    )
    expect(location(await run(() => userRedirect(args(makeRequest('/library/users/u1'), { id: 'u1' }))))).toBe('/library/invitations/u1')
    expect(location(await run(() => newRedirect(args(makeRequest('/library/packages/new')))))).toBe('/library/packages/new/1')
    expect(location(await run(() => editRedirect(args(makeRequest('/library/packages/edit/p1'), { pid: 'p1' }))))).toBe(
      '/library/packages/edit/1/p1',
    )
  })
})

describe('feed', () => {
  it('needs a signed-in user, and lists only the packages of the user with the filters of the URL', async () => {
    const anonymous = await run(() => feedLoader(args(makeRequest('/library'))))
    expect(anonymous.status).toBe(302)
    expect(location(anonymous)).toBe('/signin?redirectTo=%2Flibrary')

    const me = await createUser()
    const other = await createUser()
    await createPackage({ ownerId: me.id, name: 'Algebra', language: 'sv', tags: ['matte'] })
    await createPackage({ ownerId: me.id, name: 'Biology', language: 'en' })
    await createPackage({ ownerId: other.id, name: 'Secret', language: 'sv' })
    await createPackage({ ownerId: other.id, name: 'Chemistry', collaborators: [{ userId: me.id, access: 'view' }] })
    const cookie = await sessionCookieFor(me)
    const names = async (qs: string) =>
      (await run(() => feedLoader(args(makeRequest(`/library${qs}`, { cookie }))))).data.feed.items
        .map((p: { name: string }) => p.name)
        .sort()
    expect(await names('')).toEqual(['Algebra', 'Biology', 'Chemistry'])
    expect(await names('?scope=mine')).toEqual(['Algebra', 'Biology'])
    expect(await names('?scope=shared')).toEqual(['Chemistry'])
    expect(await names('?language=en')).toEqual(['Biology'])
    expect(await names('?tag=matte')).toEqual(['Algebra'])
    expect(await names('?q=bio')).toEqual(['Biology'])
    const sorted = await run(() => feedLoader(args(makeRequest('/library?sort=name&dir=desc', { cookie }))))
    expect(sorted.data.feed.items.map((p: { name: string }) => p.name)).toEqual(['Chemistry', 'Biology', 'Algebra'])
    expect(sorted.data.query).toMatchObject({ sort: 'name', dir: 'desc', scope: 'all' })
  })
})

describe('package view', () => {
  it('shows the package to whoever has access, and 404 to anyone else', async () => {
    const owner = await createUser()
    const viewer = await createUser()
    const stranger = await createUser()
    const pkg = await createPackage({ ownerId: owner.id, name: 'Svenska', collaborators: [{ userId: viewer.id, access: 'view' }] })
    const load = async (user: { id: string }) =>
      run(async () =>
        viewLoader(args(makeRequest(`/library/packages/view/${pkg.id}`, { cookie: await sessionCookieFor(user) }), { pid: pkg.id })),
      )
    const mine = await load(owner)
    expect(mine.data.view.package.name).toBe('Svenska')
    expect(mine.data.view.actions.delete).toBe(true)
    const theirs = await load(viewer)
    expect(theirs.data.view.actions).toMatchObject({ delete: false, edit: false, duplicate: true })
    expect((await load(stranger)).status).toBe(404)
  })

  it("lists every role's tasks of a small package, and of a large one the tasks of the role asked for (else the first)", async () => {
    const owner = await createUser()
    const cookie = await sessionCookieFor(owner)
    const shown = async (pid: string, qs = '') =>
      (await run(() => viewLoader(args(makeRequest(`/library/packages/view/${pid}${qs}`, { cookie }), { pid })))).data.view.roles.map(
        (r: { name: string; taskCount: number; entities: unknown[] }) => [r.name, r.taskCount, r.entities.length],
      )
    const n = ALL_TASKS_UP_TO / 2
    const small = await createPackage({ ownerId: owner.id, roles: ['Lärare', 'Elev'], tasksPerRole: n })
    expect(await shown(small.id)).toEqual([
      ['Lärare', n, n],
      ['Elev', n, n],
    ])
    const large = await createPackage({ ownerId: owner.id, roles: ['Lärare', 'Elev', 'Mentor'], tasksPerRole: n })
    expect(await shown(large.id)).toEqual([
      ['Lärare', n, n],
      ['Elev', n, 0],
      ['Mentor', n, 0],
    ])
    const elev = await db()
      .selectFrom('package_roles')
      .select('id')
      .where('package_id', '=', large.id)
      .where('name', '=', 'Elev')
      .executeTakeFirstOrThrow()
    expect(await shown(large.id, `?role=${elev.id}`)).toEqual([
      ['Lärare', n, 0],
      ['Elev', n, n],
      ['Mentor', n, 0],
    ])
  })

  it('deletes only after confirming, and only for the owner', async () => {
    const owner = await createUser()
    const viewer = await createUser()
    const pkg = await createPackage({ ownerId: owner.id, name: 'Borta', collaborators: [{ userId: viewer.id, access: 'view' }] })
    const post = async (user: { id: string }, form: Record<string, string>) =>
      run(async () =>
        viewAction(args(makeRequest(`/library/packages/view/${pkg.id}`, { form, cookie: await sessionCookieFor(user) }), { pid: pkg.id })),
      )
    const asked = await post(owner, { intent: 'delete' })
    expect(asked.data.confirm).toMatchObject({ intent: 'delete', values: { name: 'Borta' } })
    const denied = await post(viewer, { intent: 'delete', confirmed: '1' })
    expect(denied.status).toBe(302)
    expect(location(denied)).toBe(`/library/packages/view/${pkg.id}`)
    const deleted = await post(owner, { intent: 'delete', confirmed: '1' })
    expect(location(deleted)).toBe('/library')
    expect(await db().selectFrom('packages').select('id').where('id', '=', pkg.id).executeTakeFirst()).toBeUndefined()
  })

  it('duplicates into a copy of the actor and opens it', async () => {
    const owner = await createUser()
    const viewer = await createUser()
    const pkg = await createPackage({ ownerId: owner.id, name: 'Original', collaborators: [{ userId: viewer.id, access: 'view' }] })
    const res = await run(async () =>
      viewAction(
        args(makeRequest(`/library/packages/view/${pkg.id}`, { form: { intent: 'duplicate' }, cookie: await sessionCookieFor(viewer) }), {
          pid: pkg.id,
        }),
      ),
    )
    expect(location(res)).toMatch(/^\/library\/packages\/view\/\w+$/)
    const copyId = location(res)!.split('/').pop()!
    const copy = await db().selectFrom('packages').selectAll().where('id', '=', copyId).executeTakeFirstOrThrow()
    expect(copy.owner_id).toBe(viewer.id)
    expect(copy.name).toMatch(/^Original \(/)
  })
})

describe('invitations page', () => {
  it('lists the invitations of its user only; anyone else gets 404, also when answering', async () => {
    const owner = await createUser()
    const invited = await createUser()
    const other = await createUser()
    const pkg = await createPackage({ ownerId: owner.id, name: 'Delat' })
    const invitation = await inviteCollaborator(ctxFor(owner), { packageId: pkg.id, email: invited.email, access: 'edit' })
    const path = `/library/invitations/${invited.id}`
    const mine = await run(async () =>
      invitationsLoader(args(makeRequest(path, { cookie: await sessionCookieFor(invited) }), { id: invited.id })),
    )
    expect(mine.data.invitations.map((i: { packageName: string }) => i.packageName)).toEqual(['Delat'])
    const theirs = await run(async () =>
      invitationsLoader(args(makeRequest(path, { cookie: await sessionCookieFor(other) }), { id: invited.id })),
    )
    expect(theirs.status).toBe(404)
    const answered = await run(async () =>
      invitationsAction(
        args(makeRequest(path, { form: { intent: 'accept', invitationId: invitation.id }, cookie: await sessionCookieFor(other) }), {
          id: invited.id,
        }),
      ),
    )
    expect(answered.status).toBe(404)

    const accepted = await run(async () =>
      invitationsAction(
        args(makeRequest(path, { form: { intent: 'accept', invitationId: invitation.id }, cookie: await sessionCookieFor(invited) }), {
          id: invited.id,
        }),
      ),
    )
    expect(location(accepted)).toBe(`/library/packages/view/${pkg.id}`)
    expect((await toastOf(accepted.headers, 'sv'))?.text).toBe('Du har nu tillgång till ”Delat”.')
    expect((await toastOf(accepted.headers, 'en'))?.text).toBe('You now have access to “Delat”.')
    const row = await db()
      .selectFrom('package_collaborators')
      .selectAll()
      .where('package_id', '=', pkg.id)
      .where('user_id', '=', invited.id)
      .executeTakeFirst()
    expect(row?.access).toBe('edit')
  })
})

describe('accept share link', () => {
  it('asks for sign-in first, keeping the token; the page names the package and the sharer, and opening it names the package', async () => {
    const path = '/library/packages/accept-share-link?token=abc'
    const anonymous = await run(() => acceptLoader(args(makeRequest(path))))
    expect(location(anonymous)).toBe(`/signin?redirectTo=${encodeURIComponent(path)}`)

    const owner = await createUser({ name: 'Olga Owner' })
    const friend = await createUser()
    const pkg = await createPackage({ ownerId: owner.id, name: 'Föräldramöte' })
    const { token } = await createShareLink(ctxFor(owner), { packageId: pkg.id })
    const cookie = await sessionCookieFor(friend)
    const page = await run(() => acceptLoader(args(makeRequest(`/library/packages/accept-share-link?token=${token}`, { cookie }))))
    expect(page.data).toEqual({ token, preview: { packageId: pkg.id, packageName: 'Föräldramöte', sharedBy: 'Olga Owner' }, code: null })
    // Opening the page changes nothing: the button posts.
    expect(await db().selectFrom('package_collaborators').select('user_id').where('package_id', '=', pkg.id).execute()).toEqual([])
    const opened = await run(() => acceptAction(args(makeRequest('/library/packages/accept-share-link', { form: { token }, cookie }))))
    expect(location(opened)).toBe(`/library/packages/view/${pkg.id}`)
    expect((await toastOf(opened.headers, 'sv'))?.text).toBe('Du kan nu se ”Föräldramöte”.')
    expect((await toastOf(opened.headers, 'en'))?.text).toBe('You can now view “Föräldramöte”.')
    const bad = await run(() => acceptAction(args(makeRequest('/library/packages/accept-share-link', { form: { token: 'nope' }, cookie }))))
    expect(bad.status).toBe(404)
    expect(bad.data.code).toBe('SHARE_LINK_INVALID')
  })

  it('says at once, on opening the page, that a made-up, revoked or expired link does not work', async () => {
    const owner = await createUser()
    const friend = await createUser()
    const pkg = await createPackage({ ownerId: owner.id, name: 'Hemligt' })
    const cookie = await sessionCookieFor(friend)
    const open = (token: string) =>
      run(() => acceptLoader(args(makeRequest(`/library/packages/accept-share-link?token=${encodeURIComponent(token)}`, { cookie }))))

    const madeUp = await open('made-up-token')
    expect(madeUp.status).toBe(404)
    expect(madeUp.data).toEqual({ token: 'made-up-token', preview: null, code: 'SHARE_LINK_INVALID' })
    expect((await open('')).data.code).toBe('SHARE_LINK_INVALID')

    const { link, token } = await createShareLink(ctxFor(owner), { packageId: pkg.id })
    await revokeShareLink(ctxFor(owner), { packageId: pkg.id, linkId: link.id })
    const revoked = await open(token)
    expect(revoked.status).toBe(404)
    expect(revoked.data.preview).toBeNull()

    const expiring = await createShareLink(
      { ...ctxFor(owner), now: new Date('2020-01-01T00:00:00Z') },
      { packageId: pkg.id, expiresAt: '2020-01-02' },
    )
    const expired = await open(expiring.token)
    expect(expired.status).toBe(410)
    expect(expired.data.code).toBe('SHARE_LINK_EXPIRED')
  })
})

describe('breadcrumbs', () => {
  it("name the library, the package, and the wizard in the user's language", async () => {
    expect(sectionHandle).toEqual({ breadcrumb: 'library.title', i18nArea: 'library' })
    expect(viewHandle.breadcrumb({ view: { package: { name: 'Fysik' } } })).toEqual({ label: 'Fysik' })
    expect(viewHandle.breadcrumb(undefined)).toBeNull()
    const user = await createUser({ locale: 'en' })
    const pkg = await createPackage({ ownerId: user.id, name: 'Fysik' })
    const cookie = await sessionCookieFor(user)
    const edit = await run(() =>
      wizardLoader(args(makeRequest(`/library/packages/edit/2/${pkg.id}`, { cookie }), { step: '2', pid: pkg.id })),
    )
    expect(wizardHandle.breadcrumb(edit.data)).toEqual({ label: 'Edit “Fysik”' })
    const created = await run(() => wizardLoader(args(makeRequest('/library/packages/new/1', { cookie }), { step: '1' })))
    expect(wizardHandle.breadcrumb(created.data)).toEqual({ label: 'New package' })
  })
})
