import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { db } from '~/db/db.server'
import { env } from '~/env.server'
import { action as confirmAction } from '~/routes/auth/signup-confirm/route'
import { action as confirmLinkAction } from '~/routes/auth/sso/confirm-link'
import { action as signoutAction } from '~/routes/auth/signout'
import { args, cookiesFrom, createUser, lastMailTo, makeRequest, run, tokenFromMail, uniqueEmail } from '../../../tests/support/factories'
import { roundTrip } from '../../../tests/support/oidc/app-round-trip'
import { codeFlowTokens } from '../../../tests/support/oidc/drive'
import { envFor, startOidcProvider, type RunningProvider } from '../../../tests/support/oidc/providers'
import { verifyBearer } from './bearer.server'
import { providerConfig, resetSsoConfig } from './config.server'
import { forgetJwks } from './jwks.server'
import { forgetConfigurations, refreshTokens } from './oidc.server'
import { redirectUriOf } from './strategy.server'

/**
 * Single sign-on against providers that misbehave (docs/sso.md), real oidc-provider instances
 * on free ports asked by the login (tests/support/oidc/interaction.ts, MISBEHAVIOURS): ID tokens
 * re-signed with a key the provider never published (its kid, or an unknown one), a token endpoint
 * answering 503 or too late; and the provider's tokens of a sign-up finished by an emailed link,
 * revoked at sign-out.
 */
let google: RunningProvider
let sei: RunningProvider
beforeAll(async () => {
  const appUrl = env().APP_URL
  ;[google, sei] = await Promise.all([
    startOidcProvider({ kind: 'google', port: 0, appUrl, slowSeconds: 3 }),
    startOidcProvider({ kind: 'seiLinkopingKommun', port: 0, appUrl }),
  ])
  Object.assign(process.env, envFor(google), envFor(sei), { SSO_TIMEOUT_SECONDS: '2' })
  resetSsoConfig()
  forgetConfigurations()
  forgetJwks()
})
afterAll(async () => {
  await Promise.all([google?.close(), sei?.close()])
})

const sessionsOf = (userId: string) => db().selectFrom('sessions').select('id_hash').where('user_id', '=', userId).execute()
const sessionCookieOf = (headers: Headers) =>
  cookiesFrom(headers)
    .split('; ')
    .filter((c) => c.startsWith('session='))
    .join('; ')

/** Signs up a new Google-type account with its verified email: the user. */
async function signUp(email: string) {
  const { answer } = await roundTrip('google', email)
  expect(answer.headers.get('Location')).toBe('/signup/confirm')
  const created = await run(() =>
    confirmAction(args(makeRequest('/signup/confirm', { form: { intent: 'create', name: 'Anna' }, cookie: cookiesFrom(answer.headers) }))),
  )
  expect(created.status).toBe(302)
  return db().selectFrom('users').selectAll().where('email', '=', email).executeTakeFirstOrThrow()
}

describe('the ID token signature', () => {
  for (const misbehaviour of ['foreign-key', 'foreign-kid'] as const) {
    it(`${misbehaviour}: a linked user is not signed in, a new one never reaches /signup/confirm`, async () => {
      const email = uniqueEmail('linked')
      const user = await signUp(email)
      const before = (await sessionsOf(user.id)).length
      // The same provider account (subject), its ID token signed with a key the provider never published.
      const forged = await roundTrip('google', `${misbehaviour}:${email}`)
      expect(forged.answer.headers.get('Location')).toContain('ssoError=SSO_TOKEN_INVALID')
      expect(sessionCookieOf(forged.answer.headers)).toBe('')
      expect(await sessionsOf(user.id)).toHaveLength(before)
      // The genuine one still signs in.
      expect((await roundTrip('google', email)).answer.headers.get('Location')).toBe('/')

      const stranger = uniqueEmail('new')
      const fresh = await roundTrip('google', `${misbehaviour}:${stranger}`)
      expect(fresh.answer.headers.get('Location')).toContain('ssoError=SSO_TOKEN_INVALID')
      expect(cookiesFrom(fresh.answer.headers)).not.toMatch(/sso_pending=[^;]+\./)
      expect(await db().selectFrom('users').select('id').where('email', '=', stranger).executeTakeFirst()).toBeUndefined()
    })
  }

  it('openid-client alone accepts a forged ID token from the token endpoint; the renewal and the Bearer sign-in refuse it', async () => {
    const login = `foreign-key:${uniqueEmail('renewal')}`
    const tokens = await codeFlowTokens(
      google.issuer,
      google.clientId,
      google.clientSecret,
      redirectUriOf('google'),
      login,
      'openid email profile offline_access',
    )
    expect(tokens.id_token).toBeTruthy()
    expect(tokens.refresh_token).toBeTruthy()
    await expect(refreshTokens(providerConfig('google')!, tokens.refresh_token!)).rejects.toMatchObject({ code: 'SSO_TOKEN_INVALID' })
    await expect(verifyBearer(tokens.id_token!, 'id_token')).rejects.toMatchObject({ code: 'SSO_TOKEN_INVALID' })
    // A genuine one passes both.
    const genuine = await codeFlowTokens(
      google.issuer,
      google.clientId,
      google.clientSecret,
      redirectUriOf('google'),
      uniqueEmail('genuine'),
      'openid email profile offline_access',
    )
    expect((await refreshTokens(providerConfig('google')!, genuine.refresh_token!)).idToken).toBeTruthy()
    expect((await verifyBearer(genuine.id_token!, 'id_token')).claims.sub).toBe(genuine.claims()!.sub)
  })
})

describe('a token endpoint that fails', () => {
  it('a 503 is SSO_PROVIDER_DOWN, and nothing is made', async () => {
    const email = uniqueEmail('down')
    const { answer } = await roundTrip('google', `token-503:${email}`)
    expect(answer.headers.get('Location')).toContain('ssoError=SSO_PROVIDER_DOWN')
    expect(await db().selectFrom('users').select('id').where('email', '=', email).executeTakeFirst()).toBeUndefined()
  })

  it('an answer later than SSO_TIMEOUT_SECONDS is SSO_PROVIDER_DOWN', async () => {
    const { answer } = await roundTrip('google', `token-slow:${uniqueEmail('slow')}`)
    expect(answer.headers.get('Location')).toContain('ssoError=SSO_PROVIDER_DOWN')
  })
})

describe('the provider tokens of a sign-up finished by an emailed link', () => {
  /** Signs out with the session cookie; answers the provider's revocations recorded meanwhile. */
  async function signOut(cookie: string) {
    const before = sei.revocations.length
    const out = await run(() => signoutAction(args(makeRequest('/signout', { form: {}, cookie }))))
    expect(out.headers.get('Location')).toMatch(new RegExp(`^${sei.issuer}/session/end\\?`))
    return sei.revocations.slice(before)
  }

  it('a new account with a typed email: the link starts a session with the tokens, and sign-out revokes them', async () => {
    const login = `unverified-${uniqueEmail('typed')}`
    const { answer } = await roundTrip('seiLinkopingKommun', login)
    const typed = uniqueEmail('typed-address')
    const sent = await run(() =>
      confirmAction(
        args(makeRequest('/signup/confirm', { form: { intent: 'create', name: 'Bo', email: typed }, cookie: cookiesFrom(answer.headers) })),
      ),
    )
    expect(sent.status).toBe(302)
    // Kept encrypted with the link (no token in clear), and wiped once it is used.
    const user = await db().selectFrom('users').select('id').where('email', '=', typed).executeTakeFirstOrThrow()
    const linkData = async () =>
      JSON.parse(
        (
          await db()
            .selectFrom('tokens')
            .select('data')
            .where('user_id', '=', user.id)
            .where('purpose', '=', 'sso-link')
            .executeTakeFirstOrThrow()
        ).data!,
      )
    expect((await linkData()).tokens.split('.')).toHaveLength(5)

    const token = tokenFromMail((await lastMailTo(typed))!.text_body)
    const used = await run(() => confirmLinkAction(args(makeRequest('/signup/confirm/link', { form: { token } }))))
    expect(used.status).toBe(302)
    const cookie = sessionCookieOf(used.headers)
    expect(cookie).not.toBe('')
    expect((await linkData()).tokens).toBeNull()
    const [session] = await sessionsOf(user.id)
    expect(
      await db().selectFrom('sso_sessions').select('provider').where('session_id_hash', '=', session!.id_hash).executeTakeFirst(),
    ).toEqual({ provider: 'seiLinkopingKommun' })

    const revoked = await signOut(cookie)
    expect(revoked.map((r) => r.login)).toEqual([login])
    expect(
      await db().selectFrom('sso_sessions').select('provider').where('session_id_hash', '=', session!.id_hash).executeTakeFirst(),
    ).toBeUndefined()
  })

  it('an existing account proven by the emailed link: the same', async () => {
    const owner = await createUser({ email: uniqueEmail('owner') })
    const { answer } = await roundTrip('seiLinkopingKommun', owner.email)
    await run(() =>
      confirmAction(args(makeRequest('/signup/confirm', { form: { intent: 'emailLink' }, cookie: cookiesFrom(answer.headers) }))),
    )
    const token = tokenFromMail((await lastMailTo(owner.email))!.text_body)
    const used = await run(() => confirmLinkAction(args(makeRequest('/signup/confirm/link', { form: { token } }))))
    expect(used.status).toBe(302)
    const revoked = await signOut(sessionCookieOf(used.headers))
    expect(revoked.map((r) => r.login)).toEqual([owner.email])
  })

  it('a sign-up cancelled at /signup/confirm revokes the round trip refresh token', async () => {
    const login = uniqueEmail('cancel')
    const { answer } = await roundTrip('seiLinkopingKommun', login)
    const before = sei.revocations.length
    const cancelled = await run(() =>
      confirmAction(args(makeRequest('/signup/confirm', { form: { intent: 'cancel' }, cookie: cookiesFrom(answer.headers) }))),
    )
    expect(cancelled.headers.get('Location')).toBe('/signin')
    expect(sei.revocations.slice(before).map((r) => r.login)).toEqual([login])
  })
})
