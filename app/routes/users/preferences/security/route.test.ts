import * as OTPAuth from 'otpauth'
import { describe, expect, it } from 'vitest'
import { db } from '~/db/db.server'
import { TOTP_PERIOD } from '~/services/two-step/totp.server'
import { args, createUser, lastMailTo, makeRequest, run, sessionCookieFor, TEST_PASSWORD } from '../../../../../tests/support/factories'
import * as security from './route'

const here = (id: string) => `/users/${id}/preferences/security`
const codeNow = (key: string, offset = 0) =>
  new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(key), period: TOTP_PERIOD }).generate({ timestamp: Date.now() + offset * 1000 })

async function signedIn() {
  const user = await createUser()
  return { user, cookie: await sessionCookieFor(user) }
}
const load = (id: string, cookie: string) => run(() => security.loader(args(makeRequest(here(id), { cookie }), { id })))
const act = (id: string, cookie: string, form: Record<string, string>) =>
  run(() => security.action(args(makeRequest(here(id), { cookie, form }), { id })))

describe('security preferences', () => {
  it('enrols with the QR code and the key, confirms with a code, shows ten recovery codes once, and turns off with the password', async () => {
    const { user, cookie } = await signedIn()
    await sessionCookieFor(user)
    const before = await load(user.id, cookie)
    expect(before.data.twoStep).toEqual({ enabled: false, pending: false, recoveryCodesLeft: 0 })
    expect(before.data.enrolment).toBeNull()
    const started = await act(user.id, cookie, { intent: 'two-step-start' })
    expect([started.status, started.headers.get('Location')]).toEqual([302, `${here(user.id)}#prefs-two-step`])
    const pending = await load(user.id, cookie)
    const { key, qr } = pending.data.enrolment
    expect(qr).toMatch(/^data:image\/svg\+xml;base64,/)
    expect(Buffer.from(qr.split(',')[1], 'base64').toString()).toContain('<svg')

    const wrong = await act(user.id, cookie, { intent: 'two-step-confirm', code: '12345' })
    expect([wrong.status, wrong.data.result.error.code]).toEqual([400, ['validation.totpCode']])
    const bad = codeNow(key) === '123456' ? '654321' : '123456'
    const refused = await act(user.id, cookie, { intent: 'two-step-confirm', code: bad })
    expect([refused.status, refused.data.result.error.code]).toEqual([400, ['errors.CODE_INVALID']])

    const confirmed = await act(user.id, cookie, { intent: 'two-step-confirm', code: codeNow(key) })
    expect(confirmed.status).toBe(200)
    expect(confirmed.data.recoveryCodes).toHaveLength(10)
    // Turning it on ended the other session, kept this one, and told the user by email.
    expect((await db().selectFrom('sessions').select('id_hash').where('user_id', '=', user.id).execute()).length).toBe(1)
    expect((await lastMailTo(user.email))?.subject).toMatch(/Two-step verification is on|Tvåstegsverifiering är på/)
    const on = await load(user.id, cookie)
    expect(on.data.twoStep).toEqual({ enabled: true, pending: false, recoveryCodesLeft: 10 })
    expect(on.data.enrolment).toBeNull()
    expect(JSON.stringify(on.data)).not.toContain(confirmed.data.recoveryCodes[0])

    const fresh = await act(user.id, cookie, { intent: 'recovery-codes', confirmation: TEST_PASSWORD })
    expect(fresh.data.recoveryCodes).toHaveLength(10)
    const wrongPassword = await act(user.id, cookie, { intent: 'two-step-disable', confirmation: 'not-it' })
    expect([wrongPassword.status, wrongPassword.data.result.error.confirmation]).toEqual([400, ['errors.WRONG_PASSWORD']])
    const off = await act(user.id, cookie, { intent: 'two-step-disable', confirmation: TEST_PASSWORD })
    expect([off.status, off.headers.get('Location')]).toEqual([302, here(user.id)])
    expect((await load(user.id, cookie)).data.twoStep.enabled).toBe(false)
    expect((await lastMailTo(user.email))?.subject).toMatch(/Two-step verification is off|Tvåstegsverifiering är avstängd/)
  })

  it("lists the sessions, ends one and all others; another user's page and sessions are not found", async () => {
    const { user, cookie } = await signedIn()
    await sessionCookieFor(user)
    await sessionCookieFor(user)
    const stranger = await signedIn()
    const listed = await load(user.id, cookie)
    expect(listed.data.sessions.map((s: { current: boolean }) => s.current)).toEqual([true, false, false])
    const other = listed.data.sessions[1]
    expect(other.id).toMatch(/^[0-9a-f]{32}$/)

    expect((await load(user.id, stranger.cookie)).status).toBe(404)
    const theirs = await act(user.id, stranger.cookie, { intent: 'sign-out-session', session: other.id })
    expect(theirs.status).toBe(404)
    // Another user's session named on one's own page: refused, nothing ended.
    const foreign = await act(stranger.user.id, stranger.cookie, { intent: 'sign-out-session', session: other.id })
    expect([foreign.status, foreign.headers.get('Location')]).toEqual([302, here(stranger.user.id)])
    expect((await load(user.id, cookie)).data.sessions).toHaveLength(3)

    const ended = await act(user.id, cookie, { intent: 'sign-out-session', session: other.id })
    expect([ended.status, ended.headers.get('Location')]).toEqual([302, here(user.id)])
    expect((await load(user.id, cookie)).data.sessions).toHaveLength(2)
    const others = await act(user.id, cookie, { intent: 'sign-out-others' })
    expect(others.status).toBe(302)
    const left = await db().selectFrom('sessions').select('id_hash').where('user_id', '=', user.id).execute()
    expect(left).toHaveLength(1)
  })

  it('ending the current session signs this browser out', async () => {
    const { user, cookie } = await signedIn()
    const current = (await load(user.id, cookie)).data.sessions[0]
    const res = await act(user.id, cookie, { intent: 'sign-out-session', session: current.id })
    expect([res.status, res.headers.get('Location')]).toEqual([302, '/signin?notice=signedOut'])
    expect(res.headers.get('Set-Cookie')).toMatch(/Max-Age=0/)
    expect(await db().selectFrom('sessions').select('id_hash').where('user_id', '=', user.id).execute()).toHaveLength(0)
  })
})
