import { describe, expect, it } from 'vitest'
import { db } from '~/db/db.server'
import type { User } from '~/db/schema'
import * as signin from '~/routes/auth/signin'
import * as signinOptions from '~/routes/auth/passkey-options'
import { relyingParty } from '~/services/passkeys/relying-party.server'
import { assertPasskey, createPasskey } from '../../../../../tests/support/software-authenticator'
import { args, cookiesFrom, createUser, makeRequest, run, sessionCookieFor } from '../../../../../tests/support/factories'
import * as options from './passkey-options'
import * as security from './route'

const here = (id: string) => `/users/${id}/preferences/security`
const origin = () => relyingParty().origin

async function signedIn(overrides: Partial<User> = {}) {
  const user = await createUser(overrides)
  return { user, cookie: await sessionCookieFor(user) }
}
const load = (id: string, cookie: string) => run(() => security.loader(args(makeRequest(here(id), { cookie }), { id })))
const act = (id: string, cookie: string, form: Record<string, string>) =>
  run(() => security.action(args(makeRequest(here(id), { cookie, form }), { id })))
async function registrationOptions(id: string, cookie: string) {
  const res = await options.action(args(makeRequest(`${here(id)}/passkeys/options`, { cookie, method: 'POST' }), { id }))
  return { status: res.status, body: await res.json() }
}
/** Adds a passkey through the screen: options, the software authenticator, the form. */
async function addPasskey(user: User, cookie: string, name: string) {
  const { body } = await registrationOptions(user.id, cookie)
  const { passkey, response } = createPasskey(body, { origin: origin() })
  const res = await act(user.id, cookie, { intent: 'passkey-add', name, response: JSON.stringify(response) })
  expect([res.status, res.headers.get('Location')]).toEqual([302, here(user.id)])
  return passkey
}

describe('passkeys on the security screen', () => {
  it('adds, lists, renames and removes (asked first without JavaScript)', async () => {
    const { user, cookie } = await signedIn()
    expect((await load(user.id, cookie)).data.passkeys.list).toEqual([])
    await addPasskey(user, cookie, 'Work laptop')
    // The password is another way in, so the passkey may go.
    expect((await load(user.id, cookie)).data.passkeys.removable).toBe(true)
    const [listed] = (await load(user.id, cookie)).data.passkeys.list
    expect(listed).toMatchObject({ name: 'Work laptop', lastUsed: null })
    expect(JSON.stringify((await load(user.id, cookie)).data)).not.toMatch(/credential|public_key/)

    const blank = await act(user.id, cookie, { intent: 'passkey-rename', passkey: listed._id, name: '  ' })
    expect([blank.status, blank.data.result.error.name]).toEqual([400, ['validation.required']])
    const renamed = await act(user.id, cookie, { intent: 'passkey-rename', passkey: listed._id, name: 'Phone' })
    expect(renamed.status).toBe(302)
    expect((await load(user.id, cookie)).data.passkeys.list[0].name).toBe('Phone')

    const asked = await act(user.id, cookie, { intent: 'passkey-remove', passkey: listed._id })
    expect([asked.status, asked.data.confirmRemove]).toEqual([200, { passkey: listed._id, name: 'Phone' }])
    expect((await load(user.id, cookie)).data.passkeys.list).toHaveLength(1)
    const removed = await act(user.id, cookie, { intent: 'passkey-remove', passkey: listed._id, confirmed: '1' })
    expect([removed.status, removed.headers.get('Location')]).toEqual([302, here(user.id)])
    expect((await load(user.id, cookie)).data.passkeys.list).toHaveLength(0)
  })

  it("refuses a garbled answer, another user's options and another user's passkey", async () => {
    const { user, cookie } = await signedIn()
    const stranger = await signedIn()
    const garbled = await act(user.id, cookie, { intent: 'passkey-add', name: 'X', response: '{not json' })
    expect([garbled.status, garbled.data.result.error.response]).toEqual([400, ['errors.PASSKEY_INVALID']])
    const forged = await act(user.id, cookie, { intent: 'passkey-add', name: 'X', response: '{"id":"a","response":{}}' })
    expect([forged.status, forged.data.result.error['']]).toEqual([400, ['errors.PASSKEY_INVALID']])
    expect((await registrationOptions(user.id, stranger.cookie)).status).toBe(404)
    await addPasskey(user, cookie, 'Mine')
    const [mine] = (await load(user.id, cookie)).data.passkeys.list
    const forms: Record<string, string>[] = [
      { intent: 'passkey-rename', passkey: mine._id, name: 'Theirs' },
      { intent: 'passkey-remove', passkey: mine._id, confirmed: '1' },
    ]
    for (const form of forms) {
      const res = await act(stranger.user.id, stranger.cookie, form)
      expect([res.status, res.data.result.error['']]).toEqual([400, ['errors.NOT_FOUND']])
    }
    expect((await load(user.id, cookie)).data.passkeys.list).toEqual([mine])
  })

  it('keeps the last way in: an account with no password or provider and one passkey cannot remove it', async () => {
    const { user, cookie } = await signedIn({ password_hash: null })
    await addPasskey(user, cookie, 'Only')
    const page = (await load(user.id, cookie)).data.passkeys
    expect(page.removable).toBe(false)
    const res = await act(user.id, cookie, { intent: 'passkey-remove', passkey: page.list[0]._id, confirmed: '1' })
    expect([res.status, res.data.result.error['']]).toEqual([400, ['errors.PASSKEY_LAST_WAY_IN']])
    expect((await load(user.id, cookie)).data.passkeys.list).toHaveLength(1)
  })
})

describe('signing in with a passkey on /signin', () => {
  it('starts a session without the password, skips the two-step code and records the last use', async () => {
    const { user, cookie } = await signedIn()
    const passkey = await addPasskey(user, cookie, 'Laptop')
    // Two-step on: a password sign-in would ask for a code; a passkey is two factors already.
    await db()
      .insertInto('user_totp')
      .values({
        user_id: user.id,
        secret: 'sealed',
        created_at: new Date().toISOString(),
        confirmed_at: new Date().toISOString(),
        last_step: null,
      })
      .execute()
    const optionsRes = await signinOptions.action(args(makeRequest('/signin/passkey/options', { method: 'POST' })))
    expect(optionsRes.headers.get('Cache-Control')).toBe('no-store')
    const response = assertPasskey(passkey, await optionsRes.json(), { origin: origin() })
    const res = await run(() =>
      signin.action(
        args(makeRequest('/signin', { form: { intent: 'passkey', response: JSON.stringify(response), redirectTo: '/groups' } })),
      ),
    )
    expect([res.status, res.headers.get('Location')]).toEqual([302, '/groups'])
    const session = cookiesFrom(res.headers)
    expect(session).toMatch(/(^|; )session=/)
    expect((await load(user.id, session)).status).toBe(200)
    expect((await load(user.id, session)).data.passkeys.list[0].lastUsed).not.toBeNull()

    // The same answer again: its challenge is spent.
    const replay = await run(() =>
      signin.action(args(makeRequest('/signin', { form: { intent: 'passkey', response: JSON.stringify(response) } }))),
    )
    expect([replay.status, replay.data.error.code]).toEqual([400, 'PASSKEY_CHALLENGE_INVALID'])
    expect(replay.headers.get('Set-Cookie')).toBeNull()
  })

  it('only answers options to a POST', async () => {
    expect((await signinOptions.loader()).status).toBe(405)
  })
})
