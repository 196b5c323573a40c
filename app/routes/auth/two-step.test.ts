import * as OTPAuth from 'otpauth'
import { describe, expect, it } from 'vitest'
import { db } from '~/db/db.server'
import { confirmTotpEnrolment, pendingTotpEnrolment, startTotpEnrolment, TOTP_PERIOD } from '~/services/two-step/totp.server'
import { args, cookiesFrom, createUser, makeRequest, provenCtx, run, TEST_PASSWORD } from '../../../tests/support/factories'
import * as signin from './signin'
import * as twoStep from './two-step'

const codeAt = (key: string, offset = 0) =>
  new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(key), period: TOTP_PERIOD }).generate({ timestamp: Date.now() + offset * 1000 })

async function enrolledUser() {
  const user = await createUser()
  const ctx = provenCtx(user)
  await startTotpEnrolment(ctx, user.id)
  const { key } = (await pendingTotpEnrolment(ctx, user.id))!
  const { recoveryCodes } = await confirmTotpEnrolment(ctx, user.id, codeAt(key))
  return { user, key, recoveryCodes }
}

const sessionsOf = (userId: string) => db().selectFrom('sessions').select('id_hash').where('user_id', '=', userId).execute()

/** The password form; answers the second step's cookie. */
async function passwordStep(email: string, redirectTo = '') {
  const res = await run(() => signin.action(args(makeRequest('/signin', { form: { email, password: TEST_PASSWORD, redirectTo } }))))
  expect([res.status, res.headers.get('Location')]).toEqual([302, '/signin/two-step'])
  const cookie = cookiesFrom(res.headers)
  expect(cookie).toMatch(/^signin_second_step=/)
  return cookie
}

describe('/signin/two-step', () => {
  it('a right password starts no session; a wrong code is shown, the next right one signs in where asked', async () => {
    const { user, key } = await enrolledUser()
    const cookie = await passwordStep(user.email, '/groups')
    expect(await sessionsOf(user.id)).toHaveLength(0)
    expect((await run(() => twoStep.loader(args(makeRequest('/signin/two-step', { cookie }))))).status).toBe(200)

    const near = new Set([codeAt(key, -30), codeAt(key), codeAt(key, 30)])
    const bad = ['000000', '111111', '222222', '333333'].find((c) => !near.has(c))!
    const wrong = await run(() => twoStep.action(args(makeRequest('/signin/two-step', { cookie, form: { code: bad } }))))
    expect([wrong.status, wrong.data.error.code]).toEqual([400, 'CODE_INVALID'])
    expect(await sessionsOf(user.id)).toHaveLength(0)

    const ok = await run(() => twoStep.action(args(makeRequest('/signin/two-step', { cookie, form: { code: codeAt(key, 30) } }))))
    expect([ok.status, ok.headers.get('Location')]).toEqual([302, '/groups'])
    expect(ok.headers.getSetCookie().join()).toMatch(/session=/)
    expect(await sessionsOf(user.id)).toHaveLength(1)
    // The token is spent: the page sends back to the password.
    const used = await run(() => twoStep.loader(args(makeRequest('/signin/two-step', { cookie }))))
    expect([used.status, used.headers.get('Location')]).toEqual([302, '/signin?notice=twoStepExpired'])
  })

  it('takes a recovery code; without the cookie the page goes to /signin', async () => {
    const { user, recoveryCodes } = await enrolledUser()
    const cookie = await passwordStep(user.email)
    const ok = await run(() => twoStep.action(args(makeRequest('/signin/two-step', { cookie, form: { code: recoveryCodes[9]! } }))))
    expect([ok.status, ok.headers.get('Location')]).toEqual([302, '/'])
    const none = await run(() => twoStep.loader(args(makeRequest('/signin/two-step'))))
    expect([none.status, none.headers.get('Location')]).toEqual([302, '/signin'])
    const noneAction = await run(() => twoStep.action(args(makeRequest('/signin/two-step', { form: { code: '123456' } }))))
    expect([noneAction.status, noneAction.headers.get('Location')]).toEqual([302, '/signin'])
  })

  it('is rate limited per account and client: the sixth wrong code in a row is TOO_MANY_ATTEMPTS, and so is a right one then', async () => {
    const { user, key } = await enrolledUser()
    const cookie = await passwordStep(user.email)
    const near = new Set([codeAt(key, -30), codeAt(key), codeAt(key, 30)])
    const bad = ['000000', '111111', '222222', '333333'].find((c) => !near.has(c))!
    const attempt = (code: string) => {
      const a = args(makeRequest('/signin/two-step', { cookie, form: { code } }))
      a.context.clientIp = '10.9.9.9'
      return run(() => twoStep.action(a))
    }
    for (let i = 0; i < 5; i++) expect((await attempt(bad)).data.error.code).toBe('CODE_INVALID')
    const locked = await attempt(bad)
    expect([locked.status, locked.data.error.code, locked.data.error.retryAt]).toEqual([429, 'TOO_MANY_ATTEMPTS', expect.any(String)])
    expect((await attempt(codeAt(key, 30))).status).toBe(429)
    expect(await sessionsOf(user.id)).toHaveLength(0)
  })
})
