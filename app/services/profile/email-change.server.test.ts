import { randomBytes } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { db } from '~/db/db.server'
import type { User } from '~/db/schema'
import { createUser, lastMailTo, sessionCookieFor, TEST_PASSWORD, tokenFromMail, uniqueEmail } from '../../../tests/support/factories'
import { expectCode } from '../../../tests/support/expect-code'
import { ctxFor } from '../context.server'
import { checkEmailChangeToken, confirmEmailChange, pendingEmailChange, requestEmailChange } from './email-change.server'

const ctx = (user: User | null) => ({ ...ctxFor(user), client: `client-${randomBytes(4).toString('hex')}` })
const emailOf = async (id: string) => (await db().selectFrom('users').select('email').where('id', '=', id).executeTakeFirstOrThrow()).email

describe('email change', () => {
  it('mails a link to the new address; the address changes only when it is followed, and the old one is told', async () => {
    const me = await createUser({ locale: 'en' })
    const newEmail = uniqueEmail('new')
    expect(await requestEmailChange(ctx(me), me.id, { email: newEmail.toUpperCase(), password: TEST_PASSWORD })).toEqual({
      email: newEmail,
      pending: true,
    })
    expect(await emailOf(me.id)).toBe(me.email)
    expect(await pendingEmailChange(ctx(me), me.id)).toBe(newEmail)
    const mail = await lastMailTo(newEmail)
    expect(mail?.subject).toMatch(/Confirm your new email address/)
    const token = tokenFromMail(mail!.text_body)
    expect(mail!.text_body).toContain('/verify-email-change?token=')
    expect(await checkEmailChangeToken(ctx(null), token)).toEqual({ email: newEmail })

    expect(await confirmEmailChange(ctx(null), token)).toEqual({ email: newEmail })
    expect(await emailOf(me.id)).toBe(newEmail)
    const notice = await lastMailTo(me.email)
    expect(notice?.subject).toMatch(/was changed/)
    expect(notice?.text_body).toContain(newEmail)
    expect(await pendingEmailChange(ctx({ ...me, email: newEmail }), me.id)).toBeNull()
    await expectCode(confirmEmailChange(ctx(null), token), 'TOKEN_USED')
  })

  it("confirming the new address ends every other session of the user (the one following the link stays; nobody else's)", async () => {
    const me = await createUser()
    const someone = await createUser()
    const hashes = async (userId: string) =>
      (await db().selectFrom('sessions').select('id_hash').where('user_id', '=', userId).execute()).map((s) => s.id_hash).sort()
    await sessionCookieFor(me)
    await sessionCookieFor(me)
    await sessionCookieFor(someone)
    const [, keep] = await hashes(me.id)
    const theirs = await hashes(someone.id)
    const moved = uniqueEmail('moved')
    await requestEmailChange(ctx(me), me.id, { email: moved, password: TEST_PASSWORD })
    const token = tokenFromMail((await lastMailTo(moved))!.text_body)
    await confirmEmailChange(ctx(null), token, keep!)
    expect(await hashes(me.id)).toEqual([keep])
    expect(await hashes(someone.id)).toEqual(theirs)
  })

  it('confirmed from a browser not signed in as the user, every session of the user ends', async () => {
    const me = await createUser()
    await sessionCookieFor(me)
    const moved = uniqueEmail('moved')
    await requestEmailChange(ctx(me), me.id, { email: moved, password: TEST_PASSWORD })
    const token = tokenFromMail((await lastMailTo(moved))!.text_body)
    await confirmEmailChange(ctx(null), token, null)
    expect(await db().selectFrom('sessions').select('id_hash').where('user_id', '=', me.id).execute()).toEqual([])
  })

  it('needs the password, refuses a taken address, and only the user may ask', async () => {
    const me = await createUser()
    const other = await createUser()
    await expectCode(requestEmailChange(ctx(me), me.id, { email: uniqueEmail(), password: 'not-the-password' }), 'WRONG_PASSWORD')
    await expectCode(requestEmailChange(ctx(me), me.id, { email: other.email, password: TEST_PASSWORD }), 'EMAIL_TAKEN')
    await expectCode(requestEmailChange(ctx(me), other.id, { email: uniqueEmail(), password: TEST_PASSWORD }), 'USER_NOT_FOUND')
    expect(await requestEmailChange(ctx(me), me.id, { email: me.email, password: TEST_PASSWORD })).toEqual({
      email: me.email,
      pending: false,
    })
  })

  it('refuses the link when the address was taken meanwhile, leaving it unused; a bad token is invalid', async () => {
    const me = await createUser()
    const newEmail = uniqueEmail('race')
    await requestEmailChange(ctx(me), me.id, { email: newEmail, password: TEST_PASSWORD })
    const token = tokenFromMail((await lastMailTo(newEmail))!.text_body)
    await createUser({ email: newEmail })
    await expectCode(confirmEmailChange(ctx(null), token), 'EMAIL_TAKEN')
    expect(await emailOf(me.id)).toBe(me.email)
    await expectCode(confirmEmailChange(ctx(null), 'x'.repeat(43)), 'TOKEN_INVALID')
  })

  it('an expired link no longer works', async () => {
    const me = await createUser()
    const newEmail = uniqueEmail('late')
    const past = { ...ctx(me), now: new Date(Date.now() - 25 * 3600 * 1000) }
    await requestEmailChange(past, me.id, { email: newEmail, password: TEST_PASSWORD })
    const token = tokenFromMail((await lastMailTo(newEmail))!.text_body)
    await expectCode(confirmEmailChange(ctx(null), token), 'TOKEN_EXPIRED')
    expect(await pendingEmailChange(ctx(me), me.id)).toBeNull()
  })
})
