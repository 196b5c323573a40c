import * as OTPAuth from 'otpauth'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { db } from '~/db/db.server'
import type { User } from '~/db/schema'
import { env } from '~/env.server'
import { action as apiSignIn } from '~/routes/api/signin'
import { action as apiSecondFactor } from '~/routes/api/signin-second-factor'
import { action as confirmAction } from '~/routes/auth/signup-confirm/route'
import { action as confirmLinkAction } from '~/routes/auth/sso/confirm-link'
import { action as twoStepAction, loader as twoStepLoader } from '~/routes/auth/two-step'
import { newId, nowIso } from '~/utils/ids.server'
import {
  args,
  cookiesFrom,
  createUser,
  lastMailTo,
  makeRequest,
  run,
  sessionCookieFor,
  TEST_PASSWORD,
  tokenFromMail,
  uniqueEmail,
} from '../../../tests/support/factories'
import { roundTrip } from '../../../tests/support/oidc/app-round-trip'
import { codeFlowTokens } from '../../../tests/support/oidc/drive'
import { envFor, startOidcProvider, type RunningProvider } from '../../../tests/support/oidc/providers'
import { createOrganization } from '../../../tests/support/org-factories'
import { enableTotpFor } from '../../../tests/support/two-step'
import { resetSsoConfig } from './config.server'
import { forgetJwks } from './jwks.server'
import { forgetConfigurations } from './oidc.server'
import { redirectUriOf } from './strategy.server'

/**
 * Issue 33 item 1: every path that links a provider account to an existing account, or starts a
 * session for it, passes the account's second step when it has two-step verification on (the
 * password alone, or the mailbox alone, or the directory's word alone, is not enough), and a new
 * link is told to the owner by email. docs/security.md "Paths into an account" lists each path
 * with its test here. Real providers on free ports of 127.0.0.1.
 */
let google: RunningProvider
let microsoft: RunningProvider
beforeAll(async () => {
  const appUrl = env().APP_URL
  ;[google, microsoft] = await Promise.all((['google', 'microsoft'] as const).map((kind) => startOidcProvider({ kind, port: 0, appUrl })))
  Object.assign(process.env, envFor(google), envFor(microsoft))
  resetSsoConfig()
  forgetConfigurations()
  forgetJwks()
})
afterAll(async () => {
  await Promise.all([google?.close(), microsoft?.close()])
})

const KEY = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP'
const code = () => new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(KEY), period: 30 }).generate()
const wrongCode = () => (code() === '000000' ? '111111' : '000000')

/** A password account with two-step verification on (KEY). */
async function twoStepUser(overrides: Partial<User> = {}) {
  const user = await createUser({ email: uniqueEmail('victim'), locale: 'en', ...overrides })
  await enableTotpFor(user.id, KEY)
  return user
}

const identitiesOf = (userId: string) =>
  db().selectFrom('user_identities').select(['provider', 'issuer']).where('user_id', '=', userId).execute()
const sessionsOf = (userId: string) => db().selectFrom('sessions').select('sign_in_method').where('user_id', '=', userId).execute()
const linkedMails = (email: string) =>
  db()
    .selectFrom('mail_outbox')
    .select(['subject', 'text_body'])
    .where('to_address', '=', email)
    .where('subject', 'like', '%was linked%')
    .execute()

/** Nothing got in: no link, no session, and the answer set no session cookie. */
async function expectNothingIn(user: User, headers: Headers) {
  expect(headers.getSetCookie().join()).not.toMatch(/(^|, )session=[^;]/)
  expect(await identitiesOf(user.id)).toEqual([])
  expect(await sessionsOf(user.id)).toEqual([])
  expect(await linkedMails(user.email)).toEqual([])
}

/** The second step on /signin/two-step with the cookie the first step set. */
const secondStep = (cookie: string, value: string) =>
  run(() => twoStepAction(args(makeRequest('/signin/two-step', { form: { code: value }, cookie }))))

/** The right code links and signs in with the provider; the owner is told, in their language. */
async function expectLinkedAfterCode(user: User, cookie: string, provider: 'google' | 'microsoft', to = '/') {
  const wrong = await secondStep(cookie, wrongCode())
  expect(wrong.status).toBe(400)
  expect(wrong.data.error.code).toBe('CODE_INVALID')
  expect(await identitiesOf(user.id)).toEqual([])
  const done = await secondStep(cookie, code())
  expect(done.status).toBe(302)
  expect(done.headers.get('Location')).toBe(to)
  expect(done.headers.getSetCookie().join()).toMatch(/(^|, )session=[^;]/)
  expect(await identitiesOf(user.id)).toEqual([{ provider, issuer: (provider === 'google' ? google : microsoft).issuer }])
  expect(await sessionsOf(user.id)).toEqual([{ sign_in_method: `sso:${provider}` }])
  const [mail, ...more] = await linkedMails(user.email)
  expect(more).toEqual([])
  expect(mail.subject).toContain(`An account at ${provider === 'google' ? 'Google' : 'Microsoft'} was linked`)
  expect(mail.text_body).toContain(`/users/${user.id}/preferences/security`)
}

describe('/signup/confirm: the password of an existing account', () => {
  it('with two-step on, the password alone links nothing and starts no session: the second step does', async () => {
    const victim = await twoStepUser()
    // The attacker's own Microsoft account, without a verified email: the form asks for one.
    const { answer } = await roundTrip('microsoft', `unverified-${uniqueEmail('attacker')}`, { query: '?redirectTo=/support' })
    expect(answer.headers.get('Location')).toBe('/signup/confirm')
    const proven = await run(() =>
      confirmAction(
        args(
          makeRequest('/signup/confirm', {
            form: { intent: 'password', email: victim.email, password: TEST_PASSWORD },
            cookie: cookiesFrom(answer.headers),
          }),
        ),
      ),
    )
    expect(proven.status).toBe(302)
    expect(proven.headers.get('Location')).toBe('/signin/two-step')
    expect(proven.headers.getSetCookie().join()).toMatch(/signin_second_step=[^;]/)
    // The pending sign-up is over: its provider tokens wait, sealed, in the second step's token.
    expect(proven.headers.getSetCookie().join()).toMatch(/sso_pending=;/)
    await expectNothingIn(victim, proven.headers)
    const cookie = cookiesFrom(proven.headers)
    // The page says what the code is for.
    const page = await run(() => twoStepLoader(args(makeRequest('/signin/two-step', { cookie }))))
    expect(page.data).toEqual({ linking: 'Microsoft' })
    await expectLinkedAfterCode(victim, cookie, 'microsoft', '/support')
  })

  it('without two-step: linked and signed in at once, as before, and the owner is told', async () => {
    const owner = await createUser({ email: uniqueEmail('owner'), locale: 'en' })
    const { answer } = await roundTrip('google', owner.email)
    const linked = await run(() =>
      confirmAction(
        args(
          makeRequest('/signup/confirm', { form: { intent: 'password', password: TEST_PASSWORD }, cookie: cookiesFrom(answer.headers) }),
        ),
      ),
    )
    expect(linked.status).toBe(302)
    expect(linked.headers.get('Location')).toBe('/')
    expect(await identitiesOf(owner.id)).toHaveLength(1)
    expect(await sessionsOf(owner.id)).toEqual([{ sign_in_method: 'sso:google' }])
    expect((await linkedMails(owner.email)).map((m) => m.subject)).toEqual([expect.stringContaining('An account at Google was linked')])
  })

  it('a link that cannot be made is refused before any second step: no token, nothing linked', async () => {
    const victim = await twoStepUser()
    await db()
      .insertInto('user_identities')
      .values({
        id: newId(),
        user_id: victim.id,
        provider: 'microsoft',
        issuer: microsoft.issuer,
        subject: 'the-owners-own',
        email: victim.email,
        created_at: nowIso(),
        last_used_at: nowIso(),
      })
      .execute()
    const { answer } = await roundTrip('microsoft', `unverified-${uniqueEmail('another')}`)
    const proven = await run(() =>
      confirmAction(
        args(
          makeRequest('/signup/confirm', {
            form: { intent: 'password', email: victim.email, password: TEST_PASSWORD },
            cookie: cookiesFrom(answer.headers),
          }),
        ),
      ),
    )
    expect(proven.status).toBe(409)
    expect(proven.data.error.code).toBe('SSO_ALREADY_LINKED')
    expect(proven.headers.getSetCookie().join()).not.toMatch(/signin_second_step=[^;]/)
    expect(await identitiesOf(victim.id)).toHaveLength(1)
  })
})

describe('/signup/confirm/link: the emailed link', () => {
  it('with two-step on, the mailbox alone links nothing and starts no session: the second step does', async () => {
    const victim = await twoStepUser()
    const { answer } = await roundTrip('google', victim.email, { query: '?redirectTo=/support' })
    const sent = await run(() =>
      confirmAction(args(makeRequest('/signup/confirm', { form: { intent: 'emailLink' }, cookie: cookiesFrom(answer.headers) }))),
    )
    expect(sent.headers.get('Location')).toContain('/signup/confirm?sent=')
    const token = tokenFromMail((await lastMailTo(victim.email))!.text_body)
    const used = await run(() => confirmLinkAction(args(makeRequest('/signup/confirm/link', { form: { token } }))))
    expect(used.status).toBe(302)
    expect(used.headers.get('Location')).toBe('/signin/two-step')
    await expectNothingIn(victim, used.headers)
    // The emailed link is spent: it cannot be used again to skip the step.
    const again = await run(() => confirmLinkAction(args(makeRequest('/signup/confirm/link', { form: { token } }))))
    expect(again.data).toEqual({ error: 'TOKEN_USED' })
    // Opened where someone is signed in, the second step is still asked (its session replaces theirs).
    const elsewhere = `${cookiesFrom(used.headers)}; ${await sessionCookieFor(await createUser())}`
    const page = await run(() => twoStepLoader(args(makeRequest('/signin/two-step', { cookie: elsewhere }))))
    expect([page.status, page.data]).toEqual([200, { linking: 'Google' }])
    await expectLinkedAfterCode(victim, cookiesFrom(used.headers), 'google', '/support')
    // The provider's refresh token of the round trip went with the session, sealed (sign-out revokes it).
    const [session] = await db().selectFrom('sessions').select('id_hash').where('user_id', '=', victim.id).execute()
    const kept = await db().selectFrom('sso_sessions').selectAll().where('session_id_hash', '=', session.id_hash).executeTakeFirstOrThrow()
    expect(kept.refresh_token?.split('.')).toHaveLength(5)
  })
})

/** An account an organization's directory provisioned (and keeps active) for `email`. */
async function provisioned(email: string) {
  const user = await twoStepUser({ email })
  const org = await createOrganization({ name: `Kommunen ${email}` })
  await db()
    .insertInto('directory_users')
    .values({ id: newId(), organization_id: org.id, user_id: user.id, external_id: null, created_at: nowIso(), updated_at: nowIso() })
    .execute()
  return user
}

describe("a directory-provisioned account signing in with the provider's verified email", () => {
  it('the callback: with two-step on, the directory’s word alone links nothing: the second step does', async () => {
    const user = await provisioned(uniqueEmail('pia'))
    const { answer } = await roundTrip('google', user.email)
    expect(answer.headers.get('Location')).toBe('/signin/two-step')
    await expectNothingIn(user, answer.headers)
    await expectLinkedAfterCode(user, cookiesFrom(answer.headers), 'google')
  })

  it('POST /api/v2/signin with its ID token: 401 SECOND_FACTOR_REQUIRED, nothing linked; the second factor links', async () => {
    const user = await provisioned(uniqueEmail('pia-api'))
    const tokens = await codeFlowTokens(
      google.issuer,
      google.clientId,
      google.clientSecret,
      redirectUriOf('google'),
      user.email,
      'openid email profile',
    )
    const first = (await apiSignIn(
      args(makeRequest('/api/v2/signin', { method: 'POST', json: {}, headers: { Authorization: `Bearer ${tokens.id_token}` } })),
    )) as Response
    expect(first.status).toBe(401)
    const body = (await first.json()) as { message: string; token: string }
    expect(body.message).toBe('SECOND_FACTOR_REQUIRED')
    await expectNothingIn(user, first.headers)

    const post = (json: object) =>
      apiSecondFactor(args(makeRequest('/api/v2/signin/second-factor', { method: 'POST', json }))) as Promise<Response>
    const wrong = await post({ token: body.token, code: wrongCode() })
    expect(wrong.status).toBe(400)
    expect(await identitiesOf(user.id)).toEqual([])
    const done = await post({ token: body.token, code: code() })
    expect(done.status).toBe(200)
    expect(((await done.json()) as { email: string }).email).toBe(user.email)
    expect(await identitiesOf(user.id)).toEqual([{ provider: 'google', issuer: google.issuer }])
    expect(await sessionsOf(user.id)).toEqual([{ sign_in_method: 'sso:google' }])
    expect(await linkedMails(user.email)).toHaveLength(1)
  })
})

describe('the paths that need no second step of their own', () => {
  it('linking from the security preferences (signed in already) tells the owner; the linked account then signs in through the provider', async () => {
    const user = await twoStepUser()
    const cookie = await sessionCookieFor(user, 'two-step')
    const login = `unverified-${uniqueEmail('own')}`
    const { answer } = await roundTrip('microsoft', login, { query: '?intent=link', cookie })
    expect(answer.status).toBe(302)
    expect(await identitiesOf(user.id)).toEqual([{ provider: 'microsoft', issuer: microsoft.issuer }])
    expect(await linkedMails(user.email)).toHaveLength(1)
    // The provider account the owner linked is a way in of its own (docs/auth.md: the provider answers for its second factor).
    expect((await roundTrip('microsoft', login)).answer.headers.get('Location')).toBe('/')
    expect(await linkedMails(user.email)).toHaveLength(1)
  })
})
