import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { db } from '~/db/db.server'
import { env } from '~/env.server'
import type { User } from '~/db/schema'
import { resetSsoConfig } from '~/auth/sso/config.server'
import { forgetConfigurations } from '~/auth/sso/oidc.server'
import { loader as startLoader } from '~/routes/auth/sso/start'
import * as unlink from '~/routes/auth/sso/identities/unlink'
import * as passkeyOptions from '~/routes/users/preferences/security/passkey-options'
import * as security from '~/routes/users/preferences/security/route'
import { linkIdentity, listIdentities } from '~/services/accounts/user-identities.server'
import { ctxFor } from '~/services/context.server'
import { pendingTotpEnrolment } from '~/services/two-step/totp.server'
import { args, createUser, makeRequest, run, sessionCookieFor, TEST_PASSWORD } from '../../../../tests/support/factories'
import { roundTrip } from '../../../../tests/support/oidc/app-round-trip'
import { envFor, startOidcProvider, type RunningProvider } from '../../../../tests/support/oidc/providers'
import { toastOf } from '../../../../tests/support/toast'
import * as confirm from './route'

/**
 * "Confirm it's you" as the screens use it (docs/auth.md): a security change without a proof of
 * the last 10 minutes sends the user to /confirm-identity, which takes a proof and sends them back.
 */
const securityOf = (id: string) => `/users/${id}/preferences/security`
const reauthTo = (back: string) => `/confirm-identity?redirectTo=${encodeURIComponent(back)}`

/** A signed-in user whose session's last proof is `minutesAgo` old (the sign-in, or a confirmation). */
async function signedIn(minutesAgo: number, overrides: Partial<User> = {}) {
  const user = await createUser(overrides)
  const cookie = await sessionCookieFor(user)
  const provedAt = new Date(Date.now() - minutesAgo * 60_000).toISOString()
  await db().updateTable('sessions').set({ proved_at: provedAt }).where('user_id', '=', user.id).execute()
  return { user, cookie }
}
const securityAction = (user: User, cookie: string, form: Record<string, string>) =>
  run(() => security.action(args(makeRequest(securityOf(user.id), { cookie, form }), { id: user.id })))
const confirmPage = (cookie: string | undefined, query = '') =>
  run(() => confirm.loader(args(makeRequest(`/confirm-identity${query}`, { cookie }))))
const confirmWith = (cookie: string, form: Record<string, string>) =>
  run(() => confirm.action(args(makeRequest('/confirm-identity', { cookie, form }))))

describe('a security change without a recent proof', () => {
  it('setting up two-step goes to "Confirm it\'s you" and comes back to its section; nothing started', async () => {
    const { user, cookie } = await signedIn(11)
    const res = await securityAction(user, cookie, { intent: 'two-step-start' })
    expect([res.status, res.headers.get('Location')]).toEqual([302, reauthTo(`${securityOf(user.id)}#prefs-two-step`)])
    expect(await pendingTotpEnrolment(ctxFor(user), user.id)).toBeNull()
  })

  it('right after signing in (the sign-in is the proof), it goes ahead', async () => {
    const { user, cookie } = await signedIn(0)
    const res = await securityAction(user, cookie, { intent: 'two-step-start' })
    expect([res.status, res.headers.get('Location')]).toEqual([302, `${securityOf(user.id)}#prefs-two-step`])
    expect(await pendingTotpEnrolment(ctxFor(user), user.id)).not.toBeNull()
  })

  it('adding a passkey: the options answer 403 REAUTH_REQUIRED with the page to go to (the browser goes there)', async () => {
    const { user, cookie } = await signedIn(11)
    const res = await passkeyOptions.action(
      args(makeRequest(`${securityOf(user.id)}/passkeys/options`, { cookie, method: 'POST' }), { id: user.id }),
    )
    expect([res.status, await res.json()]).toEqual([403, { message: 'REAUTH_REQUIRED', reauthUrl: '/confirm-identity' }])
    // Another user's id is still not found: nothing said about their account.
    const other = await createUser()
    const theirs = await passkeyOptions.action(
      args(makeRequest(`${securityOf(other.id)}/passkeys/options`, { cookie, method: 'POST' }), { id: other.id }),
    )
    expect(theirs.status).toBe(404)
  })

  it('removing a passkey goes to "Confirm it\'s you" (back to the passkeys) and keeps it', async () => {
    const { user, cookie } = await signedIn(11)
    const now = new Date().toISOString()
    await db()
      .insertInto('passkeys')
      .values({
        id: 'a'.repeat(24),
        user_id: user.id,
        credential_id: `cred-${user.id}`,
        public_key: 'x',
        counter: 0,
        device_type: 'singleDevice',
        backed_up: 0,
        transports: '[]',
        aaguid: null,
        name: 'Laptop',
        created_at: now,
        last_used_at: null,
      })
      .execute()
    const res = await securityAction(user, cookie, { intent: 'passkey-remove', passkey: 'a'.repeat(24), confirmed: '1' })
    expect([res.status, res.headers.get('Location')]).toEqual([302, reauthTo(`${securityOf(user.id)}#prefs-passkeys`)])
    expect(await db().selectFrom('passkeys').select('id').where('user_id', '=', user.id).execute()).toHaveLength(1)
  })

  it('unlinking a provider account: its page asks first, and so does its form; nothing unlinked', async () => {
    const { user, cookie } = await signedIn(11)
    const id = await linkIdentity(ctxFor(user), user.id, {
      provider: 'google',
      issuer: 'https://accounts.example.com',
      subject: `u-${user.id}`,
      email: null,
    })
    const page = `/sso/identities/${id}/unlink?redirectTo=${encodeURIComponent(securityOf(user.id))}`
    const asked = await run(() => unlink.loader(args(makeRequest(page, { cookie }), { identityId: id })))
    expect([asked.status, asked.headers.get('Location')]).toEqual([302, reauthTo(page)])
    const posted = await run(() =>
      unlink.action(
        args(makeRequest(`/sso/identities/${id}/unlink`, { cookie, form: { redirectTo: securityOf(user.id) } }), { identityId: id }),
      ),
    )
    expect([posted.status, posted.headers.get('Location')]).toEqual([302, reauthTo(page)])
    expect(await listIdentities(ctxFor(user))).toHaveLength(1)
  })

  it('linking a provider account: its start asks first, and comes back to it', async () => {
    const { user, cookie } = await signedIn(11)
    const start = `/signin/sso/google?intent=link&redirectTo=${encodeURIComponent(securityOf(user.id))}`
    const res = await run(() => startLoader(args(makeRequest(start, { cookie }), { provider: 'google' })))
    expect([res.status, res.headers.get('Location')]).toEqual([302, reauthTo(start)])
  })
})

describe('/confirm-identity', () => {
  it('is for a signed-in user; it offers what the account has', async () => {
    const signedOut = await confirmPage(undefined, '?redirectTo=%2Fx')
    expect(signedOut.headers.get('Location')).toMatch(/^\/signin\?redirectTo=/)
    const { cookie } = await signedIn(11)
    const page = await confirmPage(cookie, `?redirectTo=${encodeURIComponent('/users/me#prefs-passkeys')}`)
    expect(page.data).toMatchObject({ password: true, code: false, passkey: false, providers: [], redirectTo: '/users/me#prefs-passkeys' })
    // Only a path of this site to go back to.
    expect((await confirmPage(cookie, '?redirectTo=https%3A%2F%2Fevil.example%2F')).data.redirectTo).toBe('/')
  })

  it("a wrong password is the form's error and proves nothing; the right one goes back, and the change goes ahead", async () => {
    const { user, cookie } = await signedIn(11)
    const back = `${securityOf(user.id)}#prefs-two-step`
    const wrong = await confirmWith(cookie, { intent: 'password', password: 'not-my-password', redirectTo: back })
    expect([wrong.status, wrong.data.error.code]).toEqual([400, 'WRONG_PASSWORD'])
    expect(JSON.stringify(wrong.data)).not.toContain('not-my-password')
    expect((await securityAction(user, cookie, { intent: 'two-step-start' })).headers.get('Location')).toBe(reauthTo(back))

    const blank = await confirmWith(cookie, { intent: 'code', code: '12', redirectTo: back })
    expect([blank.status, blank.data.result.error.code]).toEqual([400, ['validation.totpCode']])

    const right = await confirmWith(cookie, { intent: 'password', password: TEST_PASSWORD, redirectTo: back })
    expect([right.status, right.headers.get('Location')]).toEqual([302, back])
    expect(await toastOf(right.headers, 'en')).toMatchObject({ key: 'reauth.confirmed' })
    const started = await securityAction(user, cookie, { intent: 'two-step-start' })
    expect(started.headers.get('Location')).toBe(`${securityOf(user.id)}#prefs-two-step`)
  })

  it('goes back only to a path of this site', async () => {
    const { cookie } = await signedIn(11)
    const res = await confirmWith(cookie, { intent: 'password', password: TEST_PASSWORD, redirectTo: '//evil.example/' })
    expect(res.headers.get('Location')).toBe('/')
  })
})

describe('with a provider account (single sign-on)', () => {
  let google: RunningProvider
  beforeAll(async () => {
    google = await startOidcProvider({ kind: 'google', port: 4446, appUrl: env().APP_URL })
    Object.assign(process.env, envFor(google), { SSO_TIMEOUT_SECONDS: '2' })
    resetSsoConfig()
    forgetConfigurations()
  })
  afterAll(async () => {
    await google?.close()
  })

  it('links with a recent proof; a round trip that outlives the proof links nothing and asks first', async () => {
    const fresh = await signedIn(0)
    const back = securityOf(fresh.user.id)
    const linked = await roundTrip('google', `link-${fresh.user.id}@gmail.example`, {
      query: `?intent=link&redirectTo=${encodeURIComponent(back)}`,
      cookie: fresh.cookie,
    })
    expect(linked.answer.headers.get('Location')).toBe(back)
    expect(await listIdentities(ctxFor(fresh.user))).toHaveLength(1)

    // Started at 9 minutes, back at 11: the proof is too old by the callback.
    const late = await signedIn(9)
    const { answer } = await roundTrip('google', `late-${late.user.id}@gmail.example`, {
      query: `?intent=link&redirectTo=${encodeURIComponent(securityOf(late.user.id))}`,
      cookie: late.cookie,
      beforeCallback: () =>
        db()
          .updateTable('sessions')
          .set({ proved_at: new Date(Date.now() - 11 * 60_000).toISOString() })
          .where('user_id', '=', late.user.id)
          .execute(),
    })
    expect(answer.headers.get('Location')).toBe(reauthTo(securityOf(late.user.id)))
    expect(await listIdentities(ctxFor(late.user))).toHaveLength(0)
  })

  it('an account without a password confirms by signing in with its provider again; another provider account proves nothing', async () => {
    const { user, cookie } = await signedIn(11, { password_hash: null })
    const login = `sso-only-${user.id}@gmail.example`
    // Link the provider account the user has (as at sign-up), then let the proof grow old.
    await db().updateTable('sessions').set({ proved_at: new Date().toISOString() }).where('user_id', '=', user.id).execute()
    await roundTrip('google', login, { query: '?intent=link', cookie })
    await db()
      .updateTable('sessions')
      .set({ proved_at: new Date(Date.now() - 11 * 60_000).toISOString() })
      .where('user_id', '=', user.id)
      .execute()
    const back = `${securityOf(user.id)}#prefs-passkeys`
    expect((await confirmPage(cookie, `?redirectTo=${encodeURIComponent(back)}`)).data).toMatchObject({
      password: false,
      providers: [{ id: 'google', label: 'Google' }],
    })

    const someoneElse = await roundTrip('google', `not-${user.id}@gmail.example`, {
      query: `?intent=reauth&redirectTo=${encodeURIComponent(back)}`,
      cookie,
    })
    expect(someoneElse.answer.headers.get('Location')).toBe(reauthTo(back))
    expect(await toastOf(someoneElse.answer.headers, 'en')).toMatchObject({ key: 'reauth.otherAccount', type: 'error' })
    expect((await securityAction(user, cookie, { intent: 'two-step-start' })).headers.get('Location')).toBe(
      reauthTo(`${securityOf(user.id)}#prefs-two-step`),
    )

    const mine = await roundTrip('google', login, { query: `?intent=reauth&redirectTo=${encodeURIComponent(back)}`, cookie })
    expect(mine.answer.headers.get('Location')).toBe(back)
    expect((await securityAction(user, cookie, { intent: 'two-step-start' })).headers.get('Location')).toBe(
      `${securityOf(user.id)}#prefs-two-step`,
    )
  })
})
