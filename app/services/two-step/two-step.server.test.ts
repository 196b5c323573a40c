import { randomBytes } from 'node:crypto'
import * as OTPAuth from 'otpauth'
import { describe, expect, it } from 'vitest'
import { db } from '~/db/db.server'
import type { User } from '~/db/schema'
import { createUser, provenCtx, TEST_PASSWORD } from '../../../tests/support/factories'
import { expectCode } from '../../../tests/support/expect-code'
import { ctxFor, type Ctx } from '../context.server'
import { completeSecondStep, secondStepFor } from './second-step.server'
import {
  acceptedStep,
  cancelTotpEnrolment,
  confirmTotpEnrolment,
  disableTwoStep,
  pendingTotpEnrolment,
  regenerateRecoveryCodes,
  startTotpEnrolment,
  TOTP_PERIOD,
  twoStepStatus,
} from './totp.server'

const T0 = new Date('2026-11-27T10:00:05Z')
const at = (seconds: number) => new Date(T0.getTime() + seconds * 1000)
// A signed-in actor's session proved who they are at `now` (sudo mode, recent-proof.server.ts).
const ctxOf = (actor: User | null, now = T0, client = `client-${randomBytes(4).toString('hex')}`): Ctx => ({
  ...(actor ? provenCtx(actor, now) : ctxFor(actor)),
  now,
  client,
})
const codeAt = (key: string, now: Date) =>
  new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(key), digits: 6, period: TOTP_PERIOD }).generate({ timestamp: now.getTime() })

/** A user with two-step on (enrolled at T0); its key and recovery codes. */
async function enrolled() {
  const user = await createUser()
  await startTotpEnrolment(ctxOf(user), user.id)
  const { key } = (await pendingTotpEnrolment(ctxOf(user), user.id))!
  const { recoveryCodes } = await confirmTotpEnrolment(ctxOf(user), user.id, codeAt(key, T0))
  return { user, key, recoveryCodes }
}

describe('two-step enrolment', () => {
  it('starts with a sealed key, shown as text and as an otpauth URI, and confirms with a first code', async () => {
    const user = await createUser()
    await startTotpEnrolment(ctxOf(user), user.id)
    expect(await twoStepStatus(db(), user.id)).toEqual({ enabled: false, pending: true, recoveryCodesLeft: 0 })
    const pending = (await pendingTotpEnrolment(ctxOf(user), user.id))!
    expect(pending.key).toMatch(/^[A-Z2-7]{32}$/)
    expect(pending.uri).toContain(`secret=${pending.key}`)
    expect(pending.uri).toMatch(/^otpauth:\/\/totp\//)
    const row = await db().selectFrom('user_totp').selectAll().where('user_id', '=', user.id).executeTakeFirstOrThrow()
    expect(row.secret).not.toContain(pending.key)
    await expectCode(confirmTotpEnrolment(ctxOf(user), user.id, '000000' === codeAt(pending.key, T0) ? '111111' : '000000'), 'CODE_INVALID')
    expect((await twoStepStatus(db(), user.id)).enabled).toBe(false)
    const { recoveryCodes } = await confirmTotpEnrolment(ctxOf(user), user.id, codeAt(pending.key, T0))
    expect(recoveryCodes).toHaveLength(10)
    expect(new Set(recoveryCodes).size).toBe(10)
    for (const code of recoveryCodes) expect(code).toMatch(/^[a-hjkmnp-z2-9]{6}(-[a-hjkmnp-z2-9]{6}){3}$/)
    expect(await twoStepStatus(db(), user.id)).toEqual({ enabled: true, pending: false, recoveryCodesLeft: 10 })
    const stored = await db().selectFrom('recovery_codes').select('code_hash').where('user_id', '=', user.id).execute()
    expect(stored.map((r) => r.code_hash).join()).not.toContain(recoveryCodes[0]!.replace(/-/g, ''))
    await expectCode(startTotpEnrolment(ctxOf(user), user.id), 'TWO_STEP_ALREADY_ON')
  })

  it('a cancelled enrolment leaves two-step off; another user cannot enrol for someone', async () => {
    const user = await createUser()
    const other = await createUser()
    await startTotpEnrolment(ctxOf(user), user.id)
    await cancelTotpEnrolment(ctxOf(user), user.id)
    expect(await twoStepStatus(db(), user.id)).toEqual({ enabled: false, pending: false, recoveryCodesLeft: 0 })
    await expectCode(startTotpEnrolment(ctxOf(other), user.id), 'USER_NOT_FOUND')
    await expectCode(disableTwoStep(ctxOf(other), user.id, TEST_PASSWORD), 'USER_NOT_FOUND')
  })
})

describe('codes', () => {
  it('allows one step of clock drift either way, not two', () => {
    const key = new OTPAuth.Secret({ size: 20 }).base32
    const step = Math.floor(T0.getTime() / 1000 / TOTP_PERIOD)
    expect(acceptedStep(key, codeAt(key, T0), T0)).toBe(step)
    expect(acceptedStep(key, codeAt(key, at(-30)), T0)).toBe(step - 1)
    expect(acceptedStep(key, codeAt(key, at(30)), T0)).toBe(step + 1)
    expect(acceptedStep(key, codeAt(key, at(-60)), T0)).toBeNull()
    expect(acceptedStep(key, codeAt(key, at(60)), T0)).toBeNull()
    expect(
      acceptedStep(
        key,
        codeAt(key, T0)
          .replace(/ /g, '')
          .replace(/^(\d{3})/, '$1 '),
        T0,
      ),
    ).toBe(step)
  })
})

describe('the second step of a password sign-in', () => {
  it('is none without two-step; with it, a token that a code spends once', async () => {
    const plain = await createUser()
    expect(await secondStepFor(ctxOf(null), plain.id)).toBeNull()
    const { user, key } = await enrolled()
    const token = (await secondStepFor(ctxOf(null), user.id, '/groups'))!
    expect(token).toEqual(expect.any(String))
    // The enrolment's code (T0) is spent: the next step's code signs in.
    const done = await completeSecondStep(ctxOf(null, at(30)), token, codeAt(key, at(30)))
    expect([done.user.id, done.redirectTo]).toEqual([user.id, '/groups'])
    await expectCode(completeSecondStep(ctxOf(null, at(60)), token, codeAt(key, at(60))), 'TOKEN_USED')
  })

  it('refuses a wrong code, a replayed code and a code of the enrolment; the token expires after 5 minutes', async () => {
    const { user, key } = await enrolled()
    const token = (await secondStepFor(ctxOf(null, at(30)), user.id))!
    await expectCode(completeSecondStep(ctxOf(null, at(30)), token, codeAt(key, T0)), 'CODE_INVALID')
    const wrong = codeAt(key, at(30)) === '123456' ? '654321' : '123456'
    await expectCode(completeSecondStep(ctxOf(null, at(30)), token, wrong), 'CODE_INVALID')
    await expectCode(completeSecondStep(ctxOf(null, at(30)), token, 'not a code'), 'CODE_INVALID')
    await completeSecondStep(ctxOf(null, at(30)), token, codeAt(key, at(30)))
    // The same code again (a new sign-in within its 30 s, or its drift window): refused.
    const again = (await secondStepFor(ctxOf(null, at(40)), user.id))!
    await expectCode(completeSecondStep(ctxOf(null, at(40)), again, codeAt(key, at(30))), 'CODE_INVALID')
    await expectCode(completeSecondStep(ctxOf(null, at(40 + 301)), again, codeAt(key, at(40 + 301))), 'TOKEN_EXPIRED')
  })

  it('takes a recovery code once, in any case and with or without its dashes', async () => {
    const { user, recoveryCodes } = await enrolled()
    const code = recoveryCodes[3]!
    const first = (await secondStepFor(ctxOf(null), user.id))!
    expect((await completeSecondStep(ctxOf(null), first, code.toUpperCase().replace(/-/g, ''))).user.id).toBe(user.id)
    const second = (await secondStepFor(ctxOf(null), user.id))!
    await expectCode(completeSecondStep(ctxOf(null), second, code), 'CODE_INVALID')
    expect((await twoStepStatus(db(), user.id)).recoveryCodesLeft).toBe(9)
  })

  it('is rate limited per account and client as the password is: 5 free failures, then a wait even for the right code', async () => {
    const { user, key } = await enrolled()
    const client = 'client-two-step-limit'
    const now = at(30)
    const token = (await secondStepFor(ctxOf(null, now, client), user.id))!
    const wrong = codeAt(key, now) === '123456' ? '654321' : '123456'
    for (let i = 0; i < 5; i++) await expectCode(completeSecondStep(ctxOf(null, now, client), token, wrong), 'CODE_INVALID')
    await expectCode(completeSecondStep(ctxOf(null, now, client), token, wrong), 'TOO_MANY_ATTEMPTS')
    await expectCode(completeSecondStep(ctxOf(null, now, client), token, codeAt(key, now)), 'TOO_MANY_ATTEMPTS')
    // Another client is not slowed by this one's lock.
    expect((await completeSecondStep(ctxOf(null, now), token, codeAt(key, now))).user.id).toBe(user.id)
  })
})

describe('turning two-step off and new recovery codes', () => {
  it('needs a fresh code or the password; a wrong one changes nothing', async () => {
    const { user, key } = await enrolled()
    await expectCode(disableTwoStep(ctxOf(user, at(30)), user.id, 'not-the-password'), 'WRONG_PASSWORD')
    await expectCode(disableTwoStep(ctxOf(user, at(30)), user.id, codeAt(key, T0)), 'CODE_INVALID')
    expect((await twoStepStatus(db(), user.id)).enabled).toBe(true)
    await disableTwoStep(ctxOf(user, at(30)), user.id, codeAt(key, at(30)))
    expect(await twoStepStatus(db(), user.id)).toEqual({ enabled: false, pending: false, recoveryCodesLeft: 0 })
    expect(await secondStepFor(ctxOf(null), user.id)).toBeNull()
    await expectCode(disableTwoStep(ctxOf(user), user.id, TEST_PASSWORD), 'TWO_STEP_NOT_ON')

    const again = await enrolled()
    await disableTwoStep(ctxOf(again.user), again.user.id, TEST_PASSWORD)
    expect((await twoStepStatus(db(), again.user.id)).enabled).toBe(false)
  })

  it('new recovery codes replace the old ones', async () => {
    const { user, recoveryCodes } = await enrolled()
    const { recoveryCodes: fresh } = await regenerateRecoveryCodes(ctxOf(user), user.id, TEST_PASSWORD)
    expect(fresh).toHaveLength(10)
    const token = (await secondStepFor(ctxOf(null), user.id))!
    await expectCode(completeSecondStep(ctxOf(null), token, recoveryCodes[0]!), 'CODE_INVALID')
    expect((await completeSecondStep(ctxOf(null), token, fresh[0]!)).user.id).toBe(user.id)
  })
})
