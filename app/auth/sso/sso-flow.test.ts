import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { db } from '~/db/db.server'
import { env } from '~/env.server'
import { loader as callbackLoader } from '~/routes/auth/sso/callback'
import { loader as startLoader } from '~/routes/auth/sso/start'
import { action as confirmAction } from '~/routes/auth/signup-confirm/route'
import { action as confirmLinkAction } from '~/routes/auth/sso/confirm-link'
import { action as signoutAction } from '~/routes/auth/signout'
import { loader as signinLoader } from '~/routes/auth/signin'
import {
  args,
  cookiesFrom,
  createUser,
  lastMailTo,
  makeRequest,
  run,
  TEST_PASSWORD,
  tokenFromMail,
  uniqueEmail,
} from '../../../tests/support/factories'
import { roundTrip } from '../../../tests/support/oidc/app-round-trip'
import { envFor, startOidcProvider, type RunningProvider } from '../../../tests/support/oidc/providers'
import { resetSsoConfig } from './config.server'
import { forgetConfigurations } from './oidc.server'

/**
 * The sign-in flows against real oidc-provider instances on 127.0.0.1 (Google-type on 4404, the
 * e-ID on 4405): accounts keyed by (issuer, subject), /signup/confirm, linking, the failures,
 * sign-out with revocation and end-session.
 */
let google: RunningProvider
let sei: RunningProvider
beforeAll(async () => {
  const appUrl = env().APP_URL
  ;[google, sei] = await Promise.all([
    startOidcProvider({ kind: 'google', port: 4404, appUrl }),
    startOidcProvider({ kind: 'seiLinkopingKommun', port: 4405, appUrl }),
  ])
  Object.assign(process.env, envFor(google), envFor(sei), { SSO_TIMEOUT_SECONDS: '2' })
  resetSsoConfig()
  forgetConfigurations()
})
afterAll(async () => {
  await Promise.all([google?.close(), sei?.close()])
})

const identitiesOf = (userId: string) => db().selectFrom('user_identities').selectAll().where('user_id', '=', userId).execute()

describe('first sign-in and returning users', () => {
  it('sends a new provider account to /signup/confirm and creates the account keyed by (issuer, subject)', async () => {
    const email = uniqueEmail('anna')
    const { answer } = await roundTrip('google', email, { query: '?redirectTo=/organizations' })
    expect(answer.headers.get('Location')).toBe('/signup/confirm')
    expect(await db().selectFrom('users').select('id').where('email', '=', email).executeTakeFirst()).toBeUndefined()

    const created = await run(() =>
      confirmAction(
        args(makeRequest('/signup/confirm', { form: { intent: 'create', name: 'Anna Andersson' }, cookie: cookiesFrom(answer.headers) })),
      ),
    )
    expect(created.status).toBe(302)
    expect(created.headers.get('Location')).toBe('/organizations')
    expect(created.headers.getSetCookie().join()).toMatch(/signin_provider=/)
    const user = await db().selectFrom('users').selectAll().where('email', '=', email).executeTakeFirstOrThrow()
    expect(user.email_verified_at).not.toBeNull()
    expect(user.password_hash).toBeNull()
    const [identity] = await identitiesOf(user.id)
    expect(identity).toMatchObject({ provider: 'google', issuer: google.issuer })
    const session = await db().selectFrom('sso_sessions').selectAll().where('provider', '=', 'google').execute()
    expect(session.length).toBeGreaterThan(0)
    // Kept encrypted: no token in clear.
    expect(session.every((s) => s.refresh_token?.split('.').length === 5)).toBe(true)

    // Returning: straight in, to redirectTo.
    const again = await roundTrip('google', email, { query: '?redirectTo=/support' })
    expect(again.answer.headers.get('Location')).toBe('/support')
    // Both sessions say how they were signed in: through Google (migration 029).
    const methods = await db().selectFrom('sessions').select('sign_in_method').where('user_id', '=', user.id).execute()
    expect(methods.map((m) => m.sign_in_method)).toEqual(['sso:google', 'sso:google'])
    expect(await identitiesOf(user.id)).toHaveLength(1)
  })

  it('never merges by email alone: a password account with that email is linked only with its password', async () => {
    const owner = await createUser({ email: uniqueEmail('owner') })
    const { answer } = await roundTrip('google', owner.email)
    const pending = cookiesFrom(answer.headers)
    const tried = await run(() =>
      confirmAction(args(makeRequest('/signup/confirm', { form: { intent: 'create', name: 'X' }, cookie: pending }))),
    )
    expect(tried.status).toBe(409)
    expect(tried.data.existing).toBe(owner.email)
    const wrong = await run(() =>
      confirmAction(
        args(makeRequest('/signup/confirm', { form: { intent: 'password', password: 'wrong-password-123' }, cookie: pending })),
      ),
    )
    expect(wrong.status).toBe(401)
    expect(await identitiesOf(owner.id)).toHaveLength(0)
    const linked = await run(() =>
      confirmAction(args(makeRequest('/signup/confirm', { form: { intent: 'password', password: TEST_PASSWORD }, cookie: pending }))),
    )
    expect(linked.status).toBe(302)
    expect(await identitiesOf(owner.id)).toHaveLength(1)
  })

  it('links by an emailed link too, and refuses a second account of the same provider', async () => {
    const owner = await createUser({ email: uniqueEmail('mailer') })
    const first = await roundTrip('google', owner.email)
    const sent = await run(() =>
      confirmAction(args(makeRequest('/signup/confirm', { form: { intent: 'emailLink' }, cookie: cookiesFrom(first.answer.headers) }))),
    )
    expect(sent.headers.get('Location')).toContain('/signup/confirm?sent=')
    const mail = await lastMailTo(owner.email)
    const used = await run(() =>
      confirmLinkAction(args(makeRequest('/signup/confirm/link', { form: { token: tokenFromMail(mail!.text_body) } }))),
    )
    expect(used.status).toBe(302)
    expect(await identitiesOf(owner.id)).toHaveLength(1)

    // Another Google account (another subject, no verified email) claiming this account: refused, even with the password.
    const other = await roundTrip('google', `unverified-${owner.email}`)
    const proven = await run(() =>
      confirmAction(
        args(
          makeRequest('/signup/confirm', {
            form: { intent: 'password', email: owner.email, password: TEST_PASSWORD },
            cookie: cookiesFrom(other.answer.headers),
          }),
        ),
      ),
    )
    expect(proven.status).toBe(409)
    expect(proven.data.error.code).toBe('SSO_ALREADY_LINKED')
    expect(await identitiesOf(owner.id)).toHaveLength(1)
  })

  it('asks for an email when the provider does not verify one, and verifies it by a link', async () => {
    const login = `unverified-${uniqueEmail('bo')}`
    const { answer } = await roundTrip('google', login)
    const typed = uniqueEmail('typed')
    const sent = await run(() =>
      confirmAction(
        args(makeRequest('/signup/confirm', { form: { intent: 'create', name: 'Bo', email: typed }, cookie: cookiesFrom(answer.headers) })),
      ),
    )
    expect(sent.headers.get('Location')).toBe(`/signup/confirm?sent=${encodeURIComponent(typed)}`)
    const user = await db().selectFrom('users').selectAll().where('email', '=', typed).executeTakeFirstOrThrow()
    expect(user.email_verified_at).toBeNull()
    // Until the link is opened, signing in again is refused with VERIFICATION_REQUIRED.
    const early = await roundTrip('google', login)
    expect(early.answer.headers.get('Location')).toContain('ssoError=VERIFICATION_REQUIRED')
    const token = tokenFromMail((await lastMailTo(typed))!.text_body)
    const used = await run(() => confirmLinkAction(args(makeRequest('/signup/confirm/link', { form: { token } }))))
    expect(used.status).toBe(302)
    const later = await roundTrip('google', login)
    expect(later.answer.headers.get('Location')).toBe('/')
  })

  it('keeps an invitation through the round trip and applies it after sign-in', async () => {
    const { answer } = await roundTrip('google', uniqueEmail('invited'), { query: '?invitation=ACDE23&redirectTo=/organizations' })
    const created = await run(() =>
      confirmAction(
        args(makeRequest('/signup/confirm', { form: { intent: 'create', name: 'Invited' }, cookie: cookiesFrom(answer.headers) })),
      ),
    )
    expect(created.headers.get('Location')).toBe('/invitation-code?code=ACDE23&redirectTo=%2Forganizations')
  })
})

describe('token renewal', () => {
  it('renews the provider tokens when due, a random 10 to 109 s before expiry', async () => {
    const { answer } = await roundTrip('seiLinkopingKommun', uniqueEmail('renew'))
    const created = await run(() =>
      confirmAction(
        args(makeRequest('/signup/confirm', { form: { intent: 'create', name: 'Renew' }, cookie: cookiesFrom(answer.headers) })),
      ),
    )
    const row = await db().selectFrom('sso_sessions').selectAll().orderBy('created_at', 'desc').executeTakeFirstOrThrow()
    const lead = (Date.parse(row.expires_at!) - Date.parse(row.renew_at!)) / 1000
    expect(lead).toBeGreaterThanOrEqual(10)
    expect(lead).toBeLessThanOrEqual(109)
    expect(created.status).toBe(302)
    const { renewIfDue } = await import('./token-store.server')
    expect(await renewIfDue(db(), row.session_id_hash)).toBe(true)
    expect(
      (
        await db()
          .selectFrom('sso_sessions')
          .select('refresh_token')
          .where('session_id_hash', '=', row.session_id_hash)
          .executeTakeFirstOrThrow()
      ).refresh_token,
    ).toBe(row.refresh_token)
    await db()
      .updateTable('sso_sessions')
      .set({ renew_at: new Date(Date.now() - 1000).toISOString() })
      .where('session_id_hash', '=', row.session_id_hash)
      .execute()
    expect(await renewIfDue(db(), row.session_id_hash)).toBe(true)
    const renewed = await db()
      .selectFrom('sso_sessions')
      .selectAll()
      .where('session_id_hash', '=', row.session_id_hash)
      .executeTakeFirstOrThrow()
    expect(renewed.refresh_token).not.toBe(row.refresh_token)
    expect(Date.parse(renewed.renew_at!)).toBeGreaterThan(Date.now())
  })
})

describe('failures leave nothing half-made', () => {
  it('a cancel at the provider comes back as SSO_CANCELLED', async () => {
    const { answer } = await roundTrip('google', 'x@example.se', { cancel: true })
    expect(answer.headers.get('Location')).toContain('ssoError=SSO_CANCELLED')
  })

  it('a replayed callback (the flow is used up) is a state mismatch, and a forged state too', async () => {
    const email = uniqueEmail('replay')
    const first = await roundTrip('google', email)
    expect(first.answer.headers.get('Location')).toBe('/signup/confirm')
    const replay = await run(() => callbackLoader(args(makeRequest(first.path), { provider: 'google' })))
    expect(replay.headers.get('Location')).toContain('ssoError=SSO_STATE_MISMATCH')
    const forged = await run(() =>
      callbackLoader(
        args(makeRequest(first.path.replace(/state=[^&]+/, 'state=forged'), { cookie: first.flowCookie }), { provider: 'google' }),
      ),
    )
    expect(forged.headers.get('Location')).toContain('ssoError=SSO_STATE_MISMATCH')
    // Reusing the code with the flow cookie: the provider refuses the used code.
    const reused = await run(() => callbackLoader(args(makeRequest(first.path, { cookie: first.flowCookie }), { provider: 'google' })))
    expect(reused.headers.get('Location')).toContain('ssoError=SSO_CODE_EXPIRED')
    expect(await db().selectFrom('users').select('id').where('email', '=', email).executeTakeFirst()).toBeUndefined()
  })

  it('a provider that does not answer is SSO_PROVIDER_DOWN', async () => {
    process.env.SSO_SEI_ISSUER = 'http://127.0.0.1:9'
    resetSsoConfig()
    try {
      const down = await run(() => startLoader(args(makeRequest('/signin/sso/seiLinkopingKommun'), { provider: 'seiLinkopingKommun' })))
      expect(down.headers.get('Location')).toContain('ssoError=SSO_PROVIDER_DOWN')
    } finally {
      Object.assign(process.env, envFor(sei))
      resetSsoConfig()
    }
  })

  it('an unconfigured provider is not found', async () => {
    const missing = await run(() => startLoader(args(makeRequest('/signin/sso/microsoft'), { provider: 'microsoft' })))
    expect(missing.status).toBe(404)
  })
})

describe('the e-ID provider', () => {
  it('keys by subject, never stores the personal identity number, and the guard sends its users to /signin/sei', async () => {
    const email = uniqueEmail('david')
    const { answer } = await roundTrip('seiLinkopingKommun', email)
    const created = await run(() =>
      confirmAction(
        args(makeRequest('/signup/confirm', { form: { intent: 'create', name: 'David Dahl' }, cookie: cookiesFrom(answer.headers) })),
      ),
    )
    expect(created.status).toBe(302)
    const cookies = cookiesFrom(created.headers)
    expect(cookies).toContain('signin_provider=')
    const { demoAccountClaims } = await import('../../../tests/support/oidc/interaction')
    const pnr = String(demoAccountClaims('seiLinkopingKommun', email).personal_identity_number)
    const everything = JSON.stringify([
      await db().selectFrom('users').selectAll().execute(),
      await db().selectFrom('user_identities').selectAll().execute(),
      await db().selectFrom('sso_sessions').selectAll().execute(),
    ])
    expect(everything).not.toContain(pnr)

    const guarded = await run(() =>
      signinLoader(
        args(
          makeRequest('/signin?redirectTo=/organizations', {
            cookie: cookies
              .split('; ')
              .filter((c) => c.startsWith('signin_provider'))
              .join('; '),
          }),
        ),
      ),
    )
    expect(guarded.headers.get('Location')).toBe('/signin/sei?redirectTo=%2Forganizations')

    // Sign-out: the refresh token is revoked (the e-ID has a revocation endpoint), then end-session.
    const session = cookies
      .split('; ')
      .filter((c) => c.startsWith('session='))
      .join('; ')
    const revoke = vi.spyOn(globalThis, 'fetch')
    const out = await run(() => signoutAction(args(makeRequest('/signout', { form: {}, cookie: session }))))
    expect(out.headers.get('Location')).toMatch(new RegExp(`^${sei.issuer}/session/end\\?`))
    expect(revoke.mock.calls.some(([url]) => String(url).includes('/token/revocation'))).toBe(true)
    revoke.mockRestore()
  })

  it('the Google-type provider is excluded from revocation and has no end-session: a local log-off', async () => {
    const email = uniqueEmail('local')
    const { answer } = await roundTrip('google', email)
    const created = await run(() =>
      confirmAction(
        args(makeRequest('/signup/confirm', { form: { intent: 'create', name: 'Local' }, cookie: cookiesFrom(answer.headers) })),
      ),
    )
    const session = cookiesFrom(created.headers)
      .split('; ')
      .filter((c) => c.startsWith('session='))
      .join('; ')
    const calls = vi.spyOn(globalThis, 'fetch')
    const out = await run(() => signoutAction(args(makeRequest('/signout', { form: {}, cookie: session }))))
    expect(out.headers.get('Location')).toBe('/signin?notice=signedOut')
    expect(calls.mock.calls.some(([url]) => String(url).includes('revocation'))).toBe(false)
    calls.mockRestore()
  })
})
