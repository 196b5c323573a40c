import { describe, expect, it } from 'vitest'
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
import * as forgot from './forgot-password'
import * as newPassword from './new-password'
import * as signin from './signin'
import * as signout from './signout'
import * as signup from './signup'
import * as verify from './verify'
import * as me from '../api/users.me'
import * as localeSwitch from '../locale'
import { db } from '~/db/db.server'

const post = (path: string, form: Record<string, string>, cookie?: string) => args(makeRequest(path, { form, cookie }))

describe('sign-in screen', () => {
  it('signs in, starts a session and goes to a same-origin redirectTo', async () => {
    const user = await createUser()
    const res = await run(() => signin.action(post('/signin', { email: user.email, password: TEST_PASSWORD, redirectTo: '/support' })))
    expect(res.status).toBe(302)
    expect(res.headers.get('Location')).toBe('/support')
    const cookie = cookiesFrom(res.headers)
    expect(cookie).toMatch(/session=/)
    const current = await run(() => me.loader(args(makeRequest('/api/users/me', { cookie }))))
    expect(current.status).toBe(200)
  })

  it('ends the session the browser had when it signs in again', async () => {
    const user = await createUser()
    const old = await sessionCookieFor(user)
    const res = await run(() => signin.action(post('/signin', { email: user.email, password: TEST_PASSWORD }, old)))
    expect(res.status).toBe(302)
    expect((await run(() => me.loader(args(makeRequest('/api/users/me', { cookie: old }))))).status).toBe(401)
    expect((await run(() => me.loader(args(makeRequest('/api/users/me', { cookie: cookiesFrom(res.headers) }))))).status).toBe(200)
  })

  it('ignores a redirectTo to another origin', async () => {
    const user = await createUser()
    for (const redirectTo of ['https://evil.example/', '//evil.example', '/\\evil.example']) {
      const res = await run(() => signin.action(post('/signin', { email: user.email, password: TEST_PASSWORD, redirectTo })))
      expect(res.headers.get('Location')).toBe('/')
    }
  })

  it('answers wrong credentials with 401 UNAUTHORIZED and no session', async () => {
    const user = await createUser()
    const res = await run(() => signin.action(post('/signin', { email: user.email, password: 'wrong-password' })))
    expect(res.status).toBe(401)
    expect(res.data.error).toEqual({ code: 'UNAUTHORIZED' })
    expect(res.headers.getSetCookie()).toEqual([])
  })

  it('answers an unverified account with 403 USER_NOT_VERIFIED and the email for the resend link', async () => {
    const user = await createUser({ email_verified_at: null })
    const res = await run(() => signin.action(post('/signin', { email: user.email, password: TEST_PASSWORD })))
    expect(res.status).toBe(403)
    expect(res.data.error).toEqual({ code: 'USER_NOT_VERIFIED', email: user.email })
  })

  it('answers 429 TOO_MANY_ATTEMPTS with retryAt after repeated failures', async () => {
    const user = await createUser()
    const attempt = () => {
      const request = post('/signin', { email: user.email, password: 'wrong-password' })
      request.context.clientIp = 'one-browser'
      return run(() => signin.action(request))
    }
    for (let i = 0; i < 5; i++) expect((await attempt()).status).toBe(401)
    const res = await attempt()
    expect(res.status).toBe(429)
    expect(res.data.error.code).toBe('TOO_MANY_ATTEMPTS')
    expect(Date.parse(res.data.error.retryAt)).toBeGreaterThan(Date.now())
  })

  it('rejects invalid input with 400 and field errors', async () => {
    const res = await run(() => signin.action(post('/signin', { email: 'not-an-email', password: '' })))
    expect(res.status).toBe(400)
    expect(res.data.result.error).toMatchObject({ email: ['validation.email'], password: ['validation.required'] })
  })

  it('sends a signed-in user on from the sign-in screen', async () => {
    const cookie = await sessionCookieFor(await createUser())
    const res = await run(() => signin.loader(args(makeRequest('/signin?redirectTo=/support', { cookie }))))
    expect(res.status).toBe(302)
    expect(res.headers.get('Location')).toBe('/support')
  })
})

describe('sign-up, verify, sign-in', () => {
  it('runs the whole journey through the screens', async () => {
    const email = uniqueEmail()
    const created = await run(() =>
      signup.action(post('/signup', { name: 'Nils', email, password: 'long-enough-pw', locale: 'en', timezone: 'Europe/Stockholm' })),
    )
    expect(created.headers.get('Location')).toBe(`/signup?sent=${encodeURIComponent(email)}`)
    const token = tokenFromMail((await lastMailTo(email))!.text_body)

    const page = await run(() => verify.loader(args(makeRequest(`/verify?token=${token}`))))
    expect(page.data.tokenError).toBeNull()
    const verified = await run(() => verify.action(post(`/verify?token=${token}`, { token })))
    expect(verified.headers.get('Location')).toBe(`/signin?email=${encodeURIComponent(email)}&notice=verified`)
    const again = await run(() => verify.loader(args(makeRequest(`/verify?token=${token}`))))
    expect(again.data.tokenError).toEqual({ code: 'TOKEN_USED' })

    const signedIn = await run(() => signin.action(post('/signin', { email, password: 'long-enough-pw' })))
    expect(signedIn.status).toBe(302)
    expect(cookiesFrom(signedIn.headers)).toMatch(/locale=/)
  })

  it('refuses a short password and an unknown timezone, creating nothing', async () => {
    const email = uniqueEmail()
    const res = await run(() =>
      signup.action(post('/signup', { name: 'X', email, password: 'short', locale: 'sv', timezone: 'Mars/Olympus' })),
    )
    expect(res.status).toBe(400)
    expect(res.data.result.error).toMatchObject({ password: ['validation.passwordTooShort'], timezone: ['validation.timezone'] })
    expect(await lastMailTo(email)).toBeUndefined()
  })
})

describe('forgot password and new password', () => {
  it('checks the token first, sets the password once, and signs out everywhere', async () => {
    const user = await createUser()
    const cookie = await sessionCookieFor(user)
    const sent = await run(() => forgot.action(post('/forgot-password', { email: user.email })))
    expect(sent.headers.get('Location')).toContain('/forgot-password?sent=1')
    const token = tokenFromMail((await lastMailTo(user.email))!.text_body)

    expect((await run(() => newPassword.loader(args(makeRequest(`/new-password?token=${token}`))))).data.tokenError).toBeNull()
    const mismatch = await run(() =>
      newPassword.action(post('/new-password', { token, newPassword: 'new-password-1', confirmPassword: 'other' })),
    )
    expect(mismatch.status).toBe(400)
    const done = await run(() =>
      newPassword.action(post('/new-password', { token, newPassword: 'new-password-1', confirmPassword: 'new-password-1' })),
    )
    expect(done.headers.get('Location')).toContain('notice=passwordChanged')

    expect((await run(() => me.loader(args(makeRequest('/api/users/me', { cookie }))))).status).toBe(401)
    const reused = await run(() => newPassword.loader(args(makeRequest(`/new-password?token=${token}`))))
    expect(reused.status).toBe(400)
    expect(reused.data.tokenError).toEqual({ code: 'TOKEN_USED' })
  })

  it('answers alike for unknown addresses (/verify/resend too)', async () => {
    const unknown = uniqueEmail()
    const a = await run(() => forgot.action(post('/forgot-password', { email: unknown })))
    const b = await run(() => forgot.action(post('/verify/resend', { email: unknown })))
    expect(a.headers.get('Location')).toBe(`/forgot-password?sent=1&email=${encodeURIComponent(unknown)}`)
    expect(b.headers.get('Location')).toBe(`/verify/resend?sent=1&email=${encodeURIComponent(unknown)}`)
  })
})

describe('sign-out', () => {
  it('changes nothing on GET, revokes the session on POST and goes to /signin', async () => {
    const cookie = await sessionCookieFor(await createUser())
    // A link from anywhere (?reason=idle included) shows the page; the session stays.
    const page = await run(() => signout.loader(args(makeRequest('/signout?reason=idle', { cookie }))))
    expect(page.status).toBe(200)
    expect((await run(() => me.loader(args(makeRequest('/api/users/me', { cookie }))))).status).toBe(200)

    const res = await run(() => signout.action(post('/signout', {}, cookie)))
    expect(res.headers.get('Location')).toBe('/signin?notice=signedOut')
    expect(res.headers.get('Set-Cookie')).toMatch(/Max-Age=0/)
    const after = await run(() => me.loader(args(makeRequest('/api/users/me', { cookie }))))
    expect(after.status).toBe(401)
  })

  it('sends a visitor whose session has ended straight on to /signin, keeping why and where to', async () => {
    const user = await createUser()
    const cookie = await sessionCookieFor(user)
    await db().deleteFrom('sessions').where('user_id', '=', user.id).execute()
    const res = await run(() => signout.loader(args(makeRequest('/signout?reason=expired&redirectTo=%2Forganizations', { cookie }))))
    expect(res.status).toBe(302)
    expect(res.headers.get('Location')).toBe('/signin?notice=expired&redirectTo=%2Forganizations')
    expect(res.headers.get('Set-Cookie')).toMatch(/Max-Age=0/)
    const anonymous = await run(() => signout.loader(args(makeRequest('/signout?redirectTo=https://evil.example'))))
    expect(anonymous.headers.get('Location')).toBe('/signin?notice=signedOut')
  })
})

describe('language switch', () => {
  it('remembers the choice in a cookie, and as the saved locale of a signed-in user', async () => {
    const user = await createUser({ locale: 'sv' })
    const cookie = await sessionCookieFor(user)
    const res = await run(() => localeSwitch.action(post('/locale', { locale: 'en', redirectTo: '/support' }, cookie)))
    expect(res.headers.get('Location')).toBe('/support')
    expect(res.headers.get('Set-Cookie')).toMatch(/^locale=/)
    const saved = await db().selectFrom('users').select('locale').where('id', '=', user.id).executeTakeFirstOrThrow()
    expect(saved.locale).toBe('en')
    const bad = await run(() => localeSwitch.action(post('/locale', { locale: 'fi', redirectTo: 'https://evil.example' })))
    expect(bad.headers.get('Location')).toBe('/')
    expect(bad.headers.get('Set-Cookie')).toBeNull()
  })
})
