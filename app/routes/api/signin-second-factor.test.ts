import * as OTPAuth from 'otpauth'
import { describe, expect, it } from 'vitest'
import { confirmTotpEnrolment, pendingTotpEnrolment, startTotpEnrolment, TOTP_PERIOD } from '~/services/two-step/totp.server'
import { args, cookiesFrom, createUser, makeRequest, provenCtx, TEST_PASSWORD } from '../../../tests/support/factories'
import * as signin from './signin'
import * as secondFactor from './signin-second-factor'
import * as me from './users.me'

const codeAt = (key: string, offset = 0) =>
  new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(key), period: TOTP_PERIOD }).generate({ timestamp: Date.now() + offset * 1000 })

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

async function enrolledUser() {
  const user = await createUser()
  const ctx = provenCtx(user)
  await startTotpEnrolment(ctx, user.id)
  const { key } = (await pendingTotpEnrolment(ctx, user.id))!
  const { recoveryCodes } = await confirmTotpEnrolment(ctx, user.id, codeAt(key))
  return { user, key, recoveryCodes }
}

describe('API sign-in with two-step verification', () => {
  it('the password alone answers SECOND_FACTOR_REQUIRED with a token and no session; the second step signs in', async () => {
    const { user, key } = await enrolledUser()
    const first = await call(signin.action, '/api/v2/signin', { email: user.email, password: TEST_PASSWORD })
    expect(first.status).toBe(401)
    const body = await first.json()
    expect(body).toEqual({ message: 'SECOND_FACTOR_REQUIRED', token: expect.any(String) })
    expect(first.headers.get('Set-Cookie')).toBeNull()

    const near = new Set([codeAt(key, -30), codeAt(key), codeAt(key, 30)])
    const bad = ['000000', '111111', '222222', '333333'].find((c) => !near.has(c))
    const wrong = await call(secondFactor.action, '/api/v2/signin/second-factor', { token: body.token, code: bad })
    expect([wrong.status, await wrong.json()]).toEqual([400, { message: 'CODE_INVALID' }])
    const done = await call(secondFactor.action, '/api/v2/signin/second-factor', { token: body.token, code: codeAt(key, 30) })
    expect(done.status).toBe(200)
    expect(await done.json()).toMatchObject({ _id: user.id, email: user.email })
    const cookie = cookiesFrom(done.headers)
    expect((await (await call(me.loader, '/api/users/me', undefined, cookie)).json())._id).toBe(user.id)

    const again = await call(secondFactor.action, '/api/v2/signin/second-factor', { token: body.token, code: codeAt(key, -30) })
    expect([again.status, await again.json()]).toEqual([400, { message: 'TOKEN_USED' }])
  })

  it('takes a recovery code; a bad token or body is refused; an account without two-step signs in at once', async () => {
    const { user, recoveryCodes } = await enrolledUser()
    const { token } = await (await call(signin.action, '/api/v2/signin', { email: user.email, password: TEST_PASSWORD })).json()
    expect((await call(secondFactor.action, '/api/v2/signin/second-factor', { token, code: recoveryCodes[0] })).status).toBe(200)
    const unknown = await call(secondFactor.action, '/api/v2/signin/second-factor', { token: 'nope', code: '123456' })
    expect([unknown.status, await unknown.json()]).toEqual([400, { message: 'TOKEN_INVALID' }])
    expect((await call(secondFactor.action, '/api/v2/signin/second-factor', { token })).status).toBe(400)
    const plain = await createUser()
    expect((await call(signin.action, '/api/v2/signin', { email: plain.email, password: TEST_PASSWORD })).status).toBe(200)
  })

  it('a wrong password for such an account is still UNAUTHORIZED (nothing about a second step)', async () => {
    const { user } = await enrolledUser()
    const res = await call(signin.action, '/api/v2/signin', { email: user.email, password: 'wrong-password' })
    expect([res.status, await res.json()]).toEqual([401, { message: 'UNAUTHORIZED' }])
  })
})
