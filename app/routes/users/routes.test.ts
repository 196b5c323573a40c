import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { db } from '~/db/db.server'
import { args, cookiesFrom, createUser, makeRequest, run, sessionCookieFor, TEST_PASSWORD } from '../../../tests/support/factories'
import { createOrganization } from '../../../tests/support/org-factories'
import * as membersCsv from '../organizations/members-csv'
import * as layout from './layout'
import * as myDataJson from './my-data-json'
import * as picture from './picture'
import * as account from './preferences/account/route'
import * as security from './preferences/security/route'
import * as prefsLayout from './preferences/layout'
import * as data from './preferences/data/route'
import * as notifications from './preferences/notifications/route'
import * as profile from './profile/route'
import { PROFILE_PICTURE_MAX_BYTES } from '~/utils/picture-rules'
import en from '~/i18n/locales/en/common.json'
import sv from '~/i18n/locales/sv/common.json'

const userRow = (id: string) => db().selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow()

async function signedIn(overrides = {}) {
  const user = await createUser(overrides)
  return { user, cookie: await sessionCookieFor(user) }
}

const post = (path: string, cookie: string, form: Record<string, string | string[]>) => makeRequest(path, { cookie, form })

describe('profile screens: who sees what', () => {
  it('the layout names the user for the breadcrumbs; a stranger gets 404, an unknown id too', async () => {
    const { user: me, cookie } = await signedIn({ name: 'Mia Mittemellan' })
    const colleague = await createUser({ name: 'Kalle Kollega' })
    const stranger = await createUser()
    await createOrganization({ adminIds: [me.id], memberIds: [colleague.id] })
    const own = await run(() => layout.loader(args(makeRequest(`/users/${me.id}`, { cookie }), { id: me.id })))
    expect(own.data).toEqual({ user: { id: me.id, name: 'Mia Mittemellan' } })
    expect(
      (await run(() => layout.loader(args(makeRequest(`/users/${colleague.id}`, { cookie }), { id: colleague.id })))).data.user.name,
    ).toBe('Kalle Kollega')
    const hidden = await run(() => layout.loader(args(makeRequest(`/users/${stranger.id}`, { cookie }), { id: stranger.id })))
    expect([hidden.status, hidden.data]).toEqual([404, { user: null }])
    const signedOut = await run(() => layout.loader(args(makeRequest(`/users/${me.id}`), { id: me.id })))
    expect([signedOut.status, signedOut.headers.get('Location')]).toEqual([
      302,
      `/signin?redirectTo=${encodeURIComponent(`/users/${me.id}`)}`,
    ])
  })

  it("another user's profile holds name and picture only; their preferences are not found", async () => {
    const { user: me, cookie } = await signedIn()
    const colleague = await createUser({ name: 'Kalle Kollega' })
    await createOrganization({ adminIds: [me.id], memberIds: [colleague.id] })
    const seen = await run(() => profile.loader(args(makeRequest(`/users/${colleague.id}`, { cookie }), { id: colleague.id })))
    expect(seen.data.profile).toEqual({ own: false, _id: colleague.id, name: 'Kalle Kollega', profile_pic: null })
    const prefs = await run(() =>
      prefsLayout.loader(args(makeRequest(`/users/${colleague.id}/preferences/account`, { cookie }), { id: colleague.id })),
    )
    expect(prefs.status).toBe(404)
    const acc = await run(() =>
      account.loader(args(makeRequest(`/users/${colleague.id}/preferences/account`, { cookie }), { id: colleague.id })),
    )
    expect(acc.status).toBe(404)
    const rename = await run(() =>
      account.action(args(post(`/users/${colleague.id}/preferences/account`, cookie, { intent: 'name', name: 'X' }), { id: colleague.id })),
    )
    expect(rename.status).toBe(404)
    expect((await userRow(colleague.id)).name).toBe('Kalle Kollega')
    const download = await run(() =>
      myDataJson.loader(args(makeRequest(`/users/${colleague.id}/my-data.json`, { cookie }), { id: colleague.id })),
    )
    expect(download.status).toBe(404)
  })

  it('beta-users shows the same screens by :uid', async () => {
    const { user: me, cookie } = await signedIn({ name: 'Beta Bo' })
    const res = await run(() => layout.loader(args(makeRequest(`/beta-users/${me.id}`, { cookie }), { uid: me.id })))
    expect(res.data.user.name).toBe('Beta Bo')
    const home = await run(() => profile.loader(args(makeRequest(`/beta-users/${me.id}/home`, { cookie }), { uid: me.id })))
    expect(home.data.profile.own).toBe(true)
  })
})

describe('account preferences forms', () => {
  const here = (id: string) => `/users/${id}/preferences/account`
  const act = (id: string, cookie: string, form: Record<string, string>) =>
    run(() => account.action(args(post(here(id), cookie, form), { id })))

  it('saves the name with a toast, and answers validation errors for the form', async () => {
    const { user: me, cookie } = await signedIn()
    const ok = await act(me.id, cookie, { intent: 'name', name: '  Ny Namnsson ' })
    expect([ok.status, ok.headers.get('Location')]).toEqual([302, here(me.id)])
    expect((await userRow(me.id)).name).toBe('Ny Namnsson')
    const bad = await act(me.id, cookie, { intent: 'name', name: '' })
    expect([bad.status, bad.data.intent, bad.data.result.error.name]).toEqual([400, 'name', ['validation.required']])
    expect((await act(me.id, cookie, { intent: 'nonsense' })).status).toBe(400)
  })

  it('a new language is saved with the locale cookie; the page then reloads in it', async () => {
    const { user: me, cookie } = await signedIn()
    const res = await act(me.id, cookie, { intent: 'language', locale: 'en' })
    expect(res.status).toBe(302)
    expect(res.headers.getSetCookie().some((c) => c.startsWith('locale='))).toBe(true)
    expect((await userRow(me.id)).locale).toBe('en')
  })

  it('a new timezone changes the times the product exports (members CSV)', async () => {
    const { user: me, cookie } = await signedIn({ locale: 'sv' })
    const member = await createUser({ last_request_at: '2026-11-23T13:05:00.000Z' })
    const org = await createOrganization({ adminIds: [me.id], memberIds: [member.id] })
    const csv = async () => {
      const res = (await membersCsv.loader(
        args(makeRequest(`/organizations/${org.id}/members.csv`, { cookie }), { organizationId: org.id }),
      )) as Response
      return res.text()
    }
    expect(await csv()).toContain('2026-11-23 14:05')
    expect((await act(me.id, cookie, { intent: 'timezone', timezone: 'Asia/Tokyo' })).status).toBe(302)
    expect(await csv()).toContain('2026-11-23 22:05')
    const bad = await act(me.id, cookie, { intent: 'timezone', timezone: 'Nowhere/Land' })
    expect(bad.data.result.error.timezone).toEqual(['validation.timezone'])
  })

  it('offers zones by their current names; a renamed zone, stored or sent, is shown and saved by its current name', async () => {
    const { user: me, cookie } = await signedIn({ timezone: 'Asia/Calcutta' })
    const page = await run(() => account.loader(args(makeRequest(here(me.id), { cookie }), { id: me.id })))
    expect(page.data.timezones).toEqual(expect.arrayContaining(['Asia/Kolkata', 'Europe/Kyiv', 'Europe/Stockholm', 'UTC']))
    expect(page.data.timezones).not.toEqual(expect.arrayContaining(['Asia/Calcutta']))
    expect(page.data.timezones).not.toContain('Europe/Kiev')
    expect(page.data.timezone).toBe('Asia/Kolkata')
    expect((await act(me.id, cookie, { intent: 'timezone', timezone: 'Europe/Kiev' })).status).toBe(302)
    expect((await userRow(me.id)).timezone).toBe('Europe/Kyiv')
  })

  it('automatic sign-out in minutes; the session enforces it', async () => {
    const { user: me, cookie } = await signedIn()
    expect((await act(me.id, cookie, { intent: 'auto-signout', timeoutMinutes: '30' })).status).toBe(302)
    expect([(await userRow(me.id)).auto_signout_active, (await userRow(me.id)).auto_signout_seconds]).toEqual([0, 1800])
    expect((await act(me.id, cookie, { intent: 'auto-signout', isActive: 'on', timeoutMinutes: '5' })).status).toBe(302)
    expect((await userRow(me.id)).auto_signout_active).toBe(1)
    expect((await act(me.id, cookie, { intent: 'auto-signout', isActive: 'on', timeoutMinutes: '1' })).status).toBe(400)
  })

  it('email change: a wrong password shows under the password field, hidden from the answer', async () => {
    const { user: me, cookie } = await signedIn()
    const res = await act(me.id, cookie, { intent: 'email', email: 'new@example.se', password: 'not-it-at-all' })
    expect(res.status).toBe(400)
    expect(res.data.result.error.password).toEqual(['errors.WRONG_PASSWORD'])
    expect(JSON.stringify(res.data)).not.toContain('not-it-at-all')
  })

  it('password change keeps this session and ends the others; the sessions are listed', async () => {
    const { user: me, cookie } = await signedIn()
    await sessionCookieFor(me)
    const securityHere = `/users/${me.id}/preferences/security`
    const listed = await run(() => security.loader(args(makeRequest(securityHere, { cookie }), { id: me.id })))
    expect(listed.data.sessions.map((s: { current: boolean }) => s.current)).toEqual([true, false])
    expect((await run(() => account.loader(args(makeRequest(here(me.id), { cookie }), { id: me.id })))).data.timezones).toContain(
      'Europe/Stockholm',
    )
    const res = await act(me.id, cookie, {
      intent: 'password',
      currentPassword: TEST_PASSWORD,
      newPassword: 'lamp otter violin grape',
      confirmPassword: 'lamp otter violin grape',
    })
    expect(res.status).toBe(302)
    const after = await run(() => security.loader(args(makeRequest(securityHere, { cookie }), { id: me.id })))
    expect(after.data.sessions.length).toBe(1)
  })
})

describe('notifications and my data', () => {
  it('unchecked templates are saved as unsubscribed', async () => {
    const { user: me, cookie } = await signedIn()
    const path = `/users/${me.id}/preferences/notifications`
    const res = await run(() =>
      notifications.action(
        args(post(path, cookie, { intent: 'notifications', subscribed: ['group.member.added', 'package.shared'] }), { id: me.id }),
      ),
    )
    expect(res.status).toBe(302)
    const unsubscribed = JSON.parse((await userRow(me.id)).unsubscribed_templates) as string[]
    expect(unsubscribed).not.toContain('group.member.added')
    expect(unsubscribed).toContain('group.role.changed')
    const loaded = await run(() => notifications.loader(args(makeRequest(path, { cookie }), { id: me.id })))
    expect(loaded.data.unsubscribed).toEqual(unsubscribed)
  })

  it('downloads my data as a JSON attachment', async () => {
    const { user: me, cookie } = await signedIn()
    const res = (await myDataJson.loader(args(makeRequest(`/users/${me.id}/my-data.json`, { cookie }), { id: me.id }))) as Response
    expect(res.headers.get('Content-Disposition')).toMatch(/^attachment; filename="my-data-\d{4}-\d\d-\d\d\.json"$/)
    expect((await res.json()).user.email).toBe(me.email)
  })

  it('deleting the account needs the box and the password, then signs out', async () => {
    const { user: me, cookie } = await signedIn()
    const path = `/users/${me.id}/preferences/data`
    const unconfirmed = await run(() =>
      data.action(args(post(path, cookie, { intent: 'delete-account', password: TEST_PASSWORD }), { id: me.id })),
    )
    expect(unconfirmed.data.result.error.confirmed).toEqual(['profile.data.delete.confirmRequired'])
    const wrong = await run(() =>
      data.action(args(post(path, cookie, { intent: 'delete-account', password: 'wrong-one-here', confirmed: '1' }), { id: me.id })),
    )
    expect(wrong.data.result.error.password).toEqual(['errors.WRONG_PASSWORD'])
    const done = await run(() =>
      data.action(args(post(path, cookie, { intent: 'delete-account', password: TEST_PASSWORD, confirmed: '1' }), { id: me.id })),
    )
    expect([done.status, done.headers.get('Location')]).toEqual([302, '/signin'])
    expect(cookiesFrom(done.headers)).toMatch(/session=;/)
    expect(await db().selectFrom('users').select('id').where('id', '=', me.id).executeTakeFirst()).toBeUndefined()
  })

  it('a blocked deletion names the organization on the page', async () => {
    const { user: me, cookie } = await signedIn()
    await createOrganization({ name: 'Sista skolan', adminIds: [me.id] })
    const res = await run(() => data.loader(args(makeRequest(`/users/${me.id}/preferences/data`, { cookie }), { id: me.id })))
    expect(res.data.blockers).toEqual({ lastAdminOf: ['Sista skolan'], ownerOf: [] })
  })
})

describe('/users/:id/picture', () => {
  const upload = (id: string, cookie: string, file: Blob) => {
    const form = new FormData()
    form.append('redirectTo', `/users/${id}`)
    form.append('picture', file, 'me.jpg')
    return new Request(`http://localhost:3000/users/${id}/picture`, { method: 'POST', body: form, headers: { Cookie: cookie } })
  }
  const jpeg = () =>
    sharp({ create: { width: 400, height: 300, channels: 3, background: 'teal' } })
      .jpeg()
      .toBuffer()

  it('uploads (multipart), then serves it with an ETag, 304 when unchanged, 404 to strangers', async () => {
    const { user: me, cookie } = await signedIn()
    const stranger = await signedIn()
    const bytes = await jpeg()
    const res = await run(() =>
      picture.action(args(upload(me.id, cookie, new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' })), { id: me.id })),
    )
    expect([res.status, res.headers.get('Location')]).toEqual([302, `/users/${me.id}`])
    const url = (await userRow(me.id)).profile_pic!
    const got = (await picture.loader(args(makeRequest(url, { cookie }), { id: me.id }))) as Response
    expect([got.status, got.headers.get('Content-Type'), got.headers.get('Cache-Control')]).toEqual([
      200,
      'image/webp',
      'private, max-age=31536000, immutable',
    ])
    const etag = got.headers.get('ETag')!
    const again = (await picture.loader(
      args(makeRequest(`/users/${me.id}/picture`, { cookie, headers: { 'If-None-Match': etag } }), { id: me.id }),
    )) as Response
    expect(again.status).toBe(304)
    const hidden = (await picture.loader(args(makeRequest(url, { cookie: stranger.cookie }), { id: me.id }))) as Response
    expect(hidden.status).toBe(404)
    const someoneElses = (await picture.action(
      args(upload(me.id, stranger.cookie, new Blob([new Uint8Array(bytes)])), { id: me.id }),
    )) as Response
    expect(someoneElses.status).toBe(404)
  })

  it('removing the picture asks to confirm first (without JavaScript), then removes it', async () => {
    const { user: me, cookie } = await signedIn()
    const bytes = await jpeg()
    await picture.action(args(upload(me.id, cookie, new Blob([new Uint8Array(bytes)])), { id: me.id }))
    expect((await userRow(me.id)).profile_pic).not.toBeNull()
    const ask = await run(() => profile.action(args(post(`/users/${me.id}`, cookie, { intent: 'remove-picture' }), { id: me.id })))
    expect(ask.data).toEqual({ confirmRemove: true })
    expect((await userRow(me.id)).profile_pic).not.toBeNull()
    const done = await run(() =>
      profile.action(args(post(`/users/${me.id}`, cookie, { intent: 'remove-picture', confirmed: '1' }), { id: me.id })),
    )
    expect(done.status).toBe(302)
    expect((await userRow(me.id)).profile_pic).toBeNull()
  })

  it('a disguised file comes back to the profile page with the error beside the picture field, nothing saved', async () => {
    const { user: me, cookie } = await signedIn()
    const res = await run(() =>
      picture.action(args(upload(me.id, cookie, new Blob(['<html>not a picture</html>'], { type: 'image/jpeg' })), { id: me.id })),
    )
    expect([res.status, res.headers.get('Location')]).toEqual([302, `/users/${me.id}?pictureError=PICTURE_INVALID`])
    expect((await userRow(me.id)).profile_pic).toBeNull()
  })

  it('a file over 5 MB comes back with PICTURE_TOO_LARGE beside the field (sv and en), the picture it had kept', async () => {
    const { user: me, cookie } = await signedIn()
    const bytes = await jpeg()
    await picture.action(args(upload(me.id, cookie, new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' })), { id: me.id }))
    const before = await userRow(me.id)
    expect(before.profile_pic).not.toBeNull()

    // A real JPEG start, padded past the limit: refused by its size, not by its content.
    const oversized = new Blob([new Uint8Array(bytes), new Uint8Array(PROFILE_PICTURE_MAX_BYTES)], { type: 'image/jpeg' })
    const res = await run(() => picture.action(args(upload(me.id, cookie, oversized), { id: me.id })))
    const location = res.headers.get('Location')!
    expect([res.status, location]).toEqual([302, `/users/${me.id}?pictureError=PICTURE_TOO_LARGE`])
    expect(res.headers.getSetCookie().some((c) => c.startsWith('toast='))).toBe(false)
    expect(await userRow(me.id)).toEqual(before)

    const page = await run(() => profile.loader(args(makeRequest(location, { cookie }), { id: me.id })))
    expect(page.data.pictureError).toBe('errors.PICTURE_TOO_LARGE')
    expect(en.errors.PICTURE_TOO_LARGE).toMatch(/5 MB/)
    expect(sv.errors.PICTURE_TOO_LARGE).toMatch(/5 MB/)
    // The page without the parameter, with a code that is not one, or someone else's profile: no error.
    expect((await run(() => profile.loader(args(makeRequest(`/users/${me.id}`, { cookie }), { id: me.id })))).data.pictureError).toBeNull()
    expect(
      (await run(() => profile.loader(args(makeRequest(`/users/${me.id}?pictureError=<b>`, { cookie }), { id: me.id })))).data.pictureError,
    ).toBeNull()
    const colleague = await signedIn()
    await createOrganization({ adminIds: [me.id], memberIds: [colleague.user.id] })
    const theirs = await run(() => profile.loader(args(makeRequest(`${location}`, { cookie: colleague.cookie }), { id: me.id })))
    expect(theirs.data.pictureError).toBeNull()
  })
})
