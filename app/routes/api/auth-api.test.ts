import { describe, expect, it } from 'vitest'
import {
  args,
  cookiesFrom,
  createUser,
  lastMailTo,
  makeRequest,
  TEST_PASSWORD,
  tokenFromMail,
  uniqueEmail,
} from '../../../tests/support/factories'
import { MAX_JSON_BYTES } from './api.server'
import * as forgot from './password-reset.forgot-password'
import * as newPassword from './password-reset.new-password'
import * as verifyToken from './password-reset.verify-token'
import * as signin from './signin'
import * as signout from './signout'
import * as me from './users.me'
import * as users from './users'
import * as verifyEmail from './verify-email'
import * as resend from './verify-email.resend'

const call = async (fn: (a: ReturnType<typeof args>) => unknown, path: string, json?: unknown, cookie?: string, client?: string) => {
  const a = args(makeRequest(path, { json, cookie, method: json === undefined ? 'GET' : 'POST' }))
  if (client) a.context.clientIp = client
  try {
    return (await fn(a)) as Response
  } catch (error) {
    if (error instanceof Response) return error
    throw error
  }
}

describe('JSON API', () => {
  it('signs up, verifies (VERIFY_SIGNIN_REQUIRED), signs in, reads /users/me and signs out', async () => {
    const email = uniqueEmail()
    const created = await call(users.action, '/api/v2/users', {
      name: 'Api User',
      email,
      password: 'long-enough-pw',
      preferences: { locale: 'en', timezone: 'Europe/Stockholm' },
    })
    expect(created.status).toBe(201)
    const token = tokenFromMail((await lastMailTo(email))!.text_body)

    const notYet = await call(signin.action, '/api/v2/signin', { email, password: 'long-enough-pw' })
    expect(notYet.status).toBe(403)
    expect(await notYet.json()).toEqual({ message: 'USER_NOT_VERIFIED', email })

    const verified = await call(verifyEmail.action, '/api/verify-email', { token })
    expect(await verified.json()).toEqual({ message: 'VERIFY_SIGNIN_REQUIRED', email })

    const signedIn = await call(signin.action, '/api/v2/signin', {
      email,
      password: 'long-enough-pw',
      environment: 'web',
      userAgent: 'test',
    })
    expect(signedIn.status).toBe(200)
    const cookie = cookiesFrom(signedIn.headers)
    const current = await (await call(me.loader, '/api/users/me', undefined, cookie)).json()
    expect(current).toMatchObject({ _id: expect.any(String), name: 'Api User', email, preferences: { locale: 'en' } })

    expect((await call(signout.action, '/api/signout', {}, cookie)).status).toBe(200)
    const after = await call(me.loader, '/api/users/me', undefined, cookie)
    expect(after.status).toBe(401)
    expect(await after.json()).toEqual({ message: 'SESSION_NOT_FOUND' })
    expect((await call(signout.action, '/api/signout', {}, cookie)).status).toBe(401)
  })

  it('answers 429 with retryAt as an ISO time', async () => {
    const user = await createUser()
    const attempt = (password: string) => call(signin.action, '/api/v2/signin', { email: user.email, password }, undefined, 'one-client')
    for (let i = 0; i < 5; i++) expect((await attempt('nope-nope')).status).toBe(401)
    expect((await attempt('nope-nope')).status).toBe(429)
    // Now even the right password waits, from that client.
    const limited = await attempt(TEST_PASSWORD)
    expect(limited.status).toBe(429)
    const body = await limited.json()
    expect(body.message).toBe('TOO_MANY_ATTEMPTS')
    expect(new Date(body.retryAt).toISOString()).toBe(body.retryAt)
  })

  it('validates bodies: 400 BAD_REQUEST with field errors, bad JSON, oversized bodies', async () => {
    const bad = await call(users.action, '/api/v2/users', {
      name: '',
      email: 'x',
      password: 'short',
      preferences: { locale: 'fi', timezone: 'Europe/Stockholm' },
    })
    expect(bad.status).toBe(400)
    const body = await bad.json()
    expect(body.message).toBe('BAD_REQUEST')
    expect(Object.keys(body.errors).sort()).toEqual(['email', 'name', 'password', 'preferences'])

    const post = (body: string, type = 'application/json') =>
      signin.action(args(new Request('http://localhost/api/v2/signin', { method: 'POST', body, headers: { 'Content-Type': type } })))
    const notJson = await post('{nope')
    expect(notJson.status).toBe(400)
    // JSON sent as another type (here fetch's default for a string body) is not read.
    const wrongType = await post(JSON.stringify({ email: 'a@example.se', password: TEST_PASSWORD }), 'text/plain;charset=UTF-8')
    expect([wrongType.status, await wrongType.json()]).toEqual([415, { message: 'UNSUPPORTED_MEDIA_TYPE' }])
    const huge = await signin.action(
      args(new Request('http://localhost/api/v2/signin', { method: 'POST', body: JSON.stringify({ email: 'a'.repeat(MAX_JSON_BYTES) }) })),
    )
    expect(huge.status).toBe(413)
  })

  it('sign-up: an invitation code is normalized like everywhere else, a malformed one is a 400', async () => {
    const body = (invitationCode: string) => ({
      name: 'Api Joiner',
      email: uniqueEmail(),
      password: 'long-enough-pw',
      preferences: { locale: 'en', timezone: 'Europe/Stockholm' },
      invitationCode,
    })
    expect((await call(users.action, '/api/v2/users', body(' acd-234 '))).status).toBe(201)
    const bad = await call(users.action, '/api/v2/users', body('ACD-23'))
    expect(bad.status).toBe(400)
    expect((await bad.json()).errors).toEqual({ invitationCode: ['validation.invitationCode'] })
  })

  it('resets a password: verify-token, new-password once, forgot-password reveals nothing', async () => {
    const user = await createUser()
    expect(await (await call(forgot.action, '/api/password-reset/forgot-password', { email: uniqueEmail() })).json()).toEqual({})
    await call(forgot.action, '/api/password-reset/forgot-password', { email: user.email })
    const token = tokenFromMail((await lastMailTo(user.email))!.text_body)
    expect((await call(verifyToken.action, '/api/password-reset/verify-token', { token })).status).toBe(200)
    expect((await call(newPassword.action, '/api/password-reset/new-password', { token, newPassword: 'a-new-password' })).status).toBe(200)
    const reused = await call(newPassword.action, '/api/password-reset/new-password', { token, newPassword: 'a-new-password' })
    expect(reused.status).toBe(400)
    expect(await reused.json()).toEqual({ message: 'TOKEN_USED' })
    const expired = await call(verifyToken.action, '/api/password-reset/verify-token', { token: 'x'.repeat(43) })
    expect(await expired.json()).toEqual({ message: 'TOKEN_INVALID' })
  })

  it('resend verification: the same answer for every address, 429 when abused', async () => {
    const email = uniqueEmail()
    for (let i = 0; i < 4; i++) expect((await call(resend.action, '/api/verify-email/resend', { email })).status).toBe(200)
    const limited = await call(resend.action, '/api/verify-email/resend', { email })
    expect(limited.status).toBe(429)
    expect((await limited.json()).retryAt).toEqual(expect.any(String))
  })
})
