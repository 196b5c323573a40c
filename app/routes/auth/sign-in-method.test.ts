import * as OTPAuth from 'otpauth'
import { describe, expect, it } from 'vitest'
import { db } from '~/db/db.server'
import { ctxFor } from '~/services/context.server'
import { listSessions, signInMethodOf } from '~/services/profile/profile.server'
import { confirmTotpEnrolment, pendingTotpEnrolment, startTotpEnrolment, TOTP_PERIOD } from '~/services/two-step/totp.server'
import { args, cookiesFrom, createUser, makeRequest, provenCtx, run, TEST_PASSWORD } from '../../../tests/support/factories'
import * as apiSignin from '../api/signin'
import * as apiSecondFactor from '../api/signin-second-factor'
import * as signin from './signin'
import * as twoStep from './two-step'

/** Every way in records how the session was signed in (sessions.sign_in_method, migration 029; docs/auth.md). */

const codeAt = (key: string, offset = 0) =>
  new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(key), period: TOTP_PERIOD }).generate({ timestamp: Date.now() + offset * 1000 })

async function enrolledUser() {
  const user = await createUser()
  const ctx = provenCtx(user)
  await startTotpEnrolment(ctx, user.id)
  const { key } = (await pendingTotpEnrolment(ctx, user.id))!
  await confirmTotpEnrolment(ctx, user.id, codeAt(key))
  return { user, key }
}

const methodsOf = async (userId: string) =>
  (await db().selectFrom('sessions').select('sign_in_method').where('user_id', '=', userId).execute()).map((s) => s.sign_in_method)

const json = async (fn: (a: ReturnType<typeof args>) => unknown, path: string, body: unknown) => {
  const result = await run(() => fn(args(makeRequest(path, { json: body }))))
  return result
}

describe('how a session was signed in', () => {
  it('/signin with the password alone: password', async () => {
    const user = await createUser()
    const res = await run(() =>
      signin.action(args(makeRequest('/signin', { form: { email: user.email, password: TEST_PASSWORD, redirectTo: '' } }))),
    )
    expect(res.status).toBe(302)
    expect(await methodsOf(user.id)).toEqual(['password'])
  })

  it('/signin then /signin/two-step: two-step', async () => {
    const { user, key } = await enrolledUser()
    const first = await run(() =>
      signin.action(args(makeRequest('/signin', { form: { email: user.email, password: TEST_PASSWORD, redirectTo: '' } }))),
    )
    const cookie = cookiesFrom(first.headers)
    const ok = await run(() => twoStep.action(args(makeRequest('/signin/two-step', { cookie, form: { code: codeAt(key, 30) } }))))
    expect(ok.status).toBe(302)
    expect(await methodsOf(user.id)).toEqual(['two-step'])
  })

  it('POST /api/v2/signin: password; with the second factor: two-step', async () => {
    const plain = await createUser()
    expect((await json(apiSignin.action, '/api/v2/signin', { email: plain.email, password: TEST_PASSWORD })).status).toBe(200)
    expect(await methodsOf(plain.id)).toEqual(['password'])

    const { user, key } = await enrolledUser()
    const first = (await apiSignin.action(
      args(makeRequest('/api/v2/signin', { json: { email: user.email, password: TEST_PASSWORD } })),
    )) as Response
    const { token } = await first.json()
    expect((await json(apiSecondFactor.action, '/api/v2/signin/second-factor', { token, code: codeAt(key, 30) })).status).toBe(200)
    expect(await methodsOf(user.id)).toEqual(['two-step'])
  })

  it('the list of sessions says it, with the provider by name; an old session says it was not recorded', async () => {
    const user = await createUser()
    const now = new Date().toISOString()
    const later = new Date(Date.now() + 3_600_000).toISOString()
    for (const [i, method] of (
      ['password', 'two-step', 'passkey', 'sso:google', 'sso:microsoft', 'sso:seiLinkopingKommun', null] as const
    ).entries())
      await db()
        .insertInto('sessions')
        .values({
          id_hash: `method-${user.id}-${i}`,
          user_id: user.id,
          created_at: now,
          last_seen_at: now,
          expires_at: later,
          user_agent: null,
          sign_in_method: method,
        })
        .execute()
    const listed = await listSessions(ctxFor(user), user.id, null)
    expect(listed.map((s) => [s.method, s.provider]).sort()).toEqual(
      [
        ['password', null],
        ['two-step', null],
        ['passkey', null],
        ['sso', 'Google'],
        ['sso', 'Microsoft'],
        ['sso', 'Linköpings kommun e-legitimation'],
        [null, null],
      ].sort(),
    )
    expect(signInMethodOf('sso:another')).toEqual({ method: 'sso', provider: 'another' })
  })
})
