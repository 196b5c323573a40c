import { randomBytes } from 'node:crypto'
import { describe, expect, it, vi } from 'vitest'
import { hashPassword, verifyPassword } from '~/auth/password.server'
import { ANONYMOUS_WORK_PER_CLIENT, SIGNIN_PER_ACCOUNT, SIGNIN_PER_ACCOUNT_CLIENT, SIGNIN_PER_CLIENT } from '~/auth/rate-limit.server'
import { db } from '~/db/db.server'
import { DomainError } from '~/errors'
import { createUser, lastMailTo, TEST_PASSWORD, tokenFromMail, uniqueEmail } from '../../../tests/support/factories'
import { createSession, readSession } from '~/auth/session.server'
import { ctxFor } from '../context.server'
import {
  checkPasswordResetToken,
  requestPasswordReset,
  resendVerification,
  resetPassword,
  signIn,
  signUp,
  toCurrentUser,
  verifyEmail,
} from './users.server'
import { expectCode } from '../../../tests/support/expect-code'
import { failWrites } from '../../../tests/support/db-faults'

// Counts the costly calls (password hashes and checks) without changing them.
vi.mock('~/auth/password.server', async (importOriginal) => {
  const actual = await importOriginal<typeof import('~/auth/password.server')>()
  return { ...actual, hashPassword: vi.fn(actual.hashPassword), verifyPassword: vi.fn(actual.verifyPassword) }
})

/** A client of its own unless named, so budgets per client do not add up across tests. */
const ctx = (client = `test-client-${randomBytes(4).toString('hex')}`) => ({ ...ctxFor(null), client })

/** The outcome of a call: 'ok' or the DomainError's code. */
async function outcomeOf(promise: Promise<unknown>) {
  try {
    await promise
    return 'ok'
  } catch (error) {
    if (error instanceof DomainError) return error.code
    throw error
  }
}

const signUpInput = (email: string, extra: Record<string, string> = {}) => ({
  name: 'Sam',
  email,
  password: 'long-enough',
  locale: 'sv' as const,
  timezone: 'Europe/Stockholm',
  ...extra,
})

describe('sign-up and verification', () => {
  it('creates an unverified user and emails a link in their language; verifying requires sign-in', async () => {
    const email = uniqueEmail()
    await signUp(ctx(), { name: 'Ann', email: email.toUpperCase(), password: 'long-enough', locale: 'en', timezone: 'Europe/Stockholm' })
    const user = await db().selectFrom('users').selectAll().where('email', '=', email).executeTakeFirstOrThrow()
    expect(user.email_verified_at).toBeNull()
    expect(user.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/)

    const mail = await lastMailTo(email)
    expect(mail?.subject).toContain('Confirm your email')
    expect(mail?.html_body).toContain('<a href=')
    await expectCode(signIn(ctx(), { email, password: 'long-enough' }), 'USER_NOT_VERIFIED')

    const result = await verifyEmail(ctx(), tokenFromMail(mail!.text_body))
    expect(result).toMatchObject({ message: 'VERIFY_SIGNIN_REQUIRED', email })
    expect((await signIn(ctx(), { email, password: 'long-enough' })).id).toBe(user.id)
  })

  it('refuses a used or unknown verification token', async () => {
    const email = uniqueEmail()
    await signUp(ctx(), { name: 'Bo', email, password: 'long-enough', locale: 'sv', timezone: 'Europe/Stockholm' })
    const token = tokenFromMail((await lastMailTo(email))!.text_body)
    await verifyEmail(ctx(), token)
    await expectCode(verifyEmail(ctx(), token), 'TOKEN_USED')
    await expectCode(verifyEmail(ctx(), 'x'.repeat(43)), 'TOKEN_INVALID')
  })

  it('refuses an expired verification token', async () => {
    const email = uniqueEmail()
    await signUp(ctx(), { name: 'Cy', email, password: 'long-enough', locale: 'sv', timezone: 'Europe/Stockholm' })
    const token = tokenFromMail((await lastMailTo(email))!.text_body)
    const later = { ...ctx(), now: new Date(Date.now() + 25 * 3600 * 1000) }
    await expectCode(verifyEmail(later, token), 'TOKEN_EXPIRED')
  })

  it('does not reveal an existing account at sign-up, and keeps the existing password', async () => {
    const existing = await createUser()
    await signUp(ctx(), {
      name: 'Mallory',
      email: existing.email,
      password: 'another-password',
      locale: 'sv',
      timezone: 'Europe/Stockholm',
    })
    const mail = await lastMailTo(existing.email)
    expect(mail?.subject).toContain('redan ett konto')
    expect((await signIn(ctx(), { email: existing.email, password: TEST_PASSWORD })).id).toBe(existing.id)
  })

  it('resends verification only to unverified accounts, silently otherwise', async () => {
    await expect(resendVerification(ctx(), uniqueEmail())).resolves.toBeUndefined()
    const verified = await createUser()
    await resendVerification(ctx(), verified.email)
    expect(await lastMailTo(verified.email)).toBeUndefined()
  })

  it('rate limits resending to one address with TOO_MANY_ATTEMPTS and retryAt', async () => {
    const email = uniqueEmail()
    for (let i = 0; i < 4; i++) await resendVerification(ctx(), email)
    const error = await expectCode(resendVerification(ctx(), email), 'TOO_MANY_ATTEMPTS')
    expect(new Date(error.data.retryAt as string).getTime()).toBeGreaterThan(Date.now())
  })
})

describe('sign-up does not reveal accounts', () => {
  it('hashes the password and spends the address budget whether or not the address has an account', async () => {
    const existing = await createUser()
    const fresh = uniqueEmail()
    for (const email of [existing.email, fresh]) {
      vi.mocked(hashPassword).mockClear()
      await signUp(ctx(), signUpInput(email))
      expect(vi.mocked(hashPassword)).toHaveBeenCalledTimes(1)
      for (let i = 0; i < 3; i++) await signUp(ctx(), signUpInput(email))
      await expectCode(signUp(ctx(), signUpInput(email)), 'TOO_MANY_ATTEMPTS')
    }
  })

  it('lets two racing sign-ups for one address both answer alike: one account, the other gets the note', async () => {
    const email = uniqueEmail()
    await Promise.all([signUp(ctx(), signUpInput(email)), signUp(ctx(), signUpInput(email))])
    expect(await db().selectFrom('users').select('id').where('email', '=', email).execute()).toHaveLength(1)
    const mails = await db().selectFrom('mail_outbox').select('subject').where('to_address', '=', email).execute()
    expect(mails).toHaveLength(2)
    expect(mails.filter((m) => m.subject.includes('redan ett konto'))).toHaveLength(1)
  })
})

describe('per-client budget for mail and password hashing', () => {
  it('stops one client after freeFailures + 1 requests an hour, across sign-up, forgot password, resend and new password', async () => {
    const client = ctx()
    const user = await createUser()
    await requestPasswordReset(client, user.email)
    const token = tokenFromMail((await lastMailTo(user.email))!.text_body)
    // 1 + 6 + the rest spread over forgot password and resend = freeFailures + 1 requests.
    const rest = ANONYMOUS_WORK_PER_CLIENT.freeFailures - 6
    for (let i = 0; i < 6; i++) await signUp(client, signUpInput(uniqueEmail()))
    for (let i = 0; i < Math.ceil(rest / 2); i++) await requestPasswordReset(client, uniqueEmail())
    for (let i = 0; i < Math.floor(rest / 2); i++) await resendVerification(client, uniqueEmail())
    vi.mocked(hashPassword).mockClear()
    await expectCode(resetPassword(client, { token, newPassword: 'brand-new-password' }), 'TOO_MANY_ATTEMPTS')
    await expectCode(signUp(client, signUpInput(uniqueEmail())), 'TOO_MANY_ATTEMPTS')
    await expectCode(requestPasswordReset(client, uniqueEmail()), 'TOO_MANY_ATTEMPTS')
    expect(vi.mocked(hashPassword)).not.toHaveBeenCalled()
    // Another client is not affected.
    await resetPassword(ctx(), { token, newPassword: 'brand-new-password' })
  })

  it('checks a reset token before hashing the new password', async () => {
    vi.mocked(hashPassword).mockClear()
    await expectCode(resetPassword(ctx(), { token: 'x'.repeat(43), newPassword: 'brand-new-password' }), 'TOKEN_INVALID')
    expect(vi.mocked(hashPassword)).not.toHaveBeenCalled()
  })
})

describe('sign-in', () => {
  it('answers UNAUTHORIZED for a wrong password and for an unknown account alike', async () => {
    const user = await createUser()
    await expectCode(signIn(ctx(), { email: user.email, password: 'wrong-password' }), 'UNAUTHORIZED')
    await expectCode(signIn(ctx(), { email: uniqueEmail(), password: 'wrong-password' }), 'UNAUTHORIZED')
  })

  it('locks an account for one client after 5 failures with a growing wait; the owner signs in from their own client meanwhile', async () => {
    const user = await createUser()
    const attacker = ctx('attacker')
    for (let i = 0; i < SIGNIN_PER_ACCOUNT_CLIENT.freeFailures; i++) {
      await expectCode(signIn(attacker, { email: user.email, password: 'wrong' }), 'UNAUTHORIZED')
    }
    const first = await expectCode(signIn(attacker, { email: user.email, password: 'wrong' }), 'TOO_MANY_ATTEMPTS')
    // Locked for the attacker's client even with the right password...
    const again = await expectCode(signIn(attacker, { email: user.email, password: TEST_PASSWORD }), 'TOO_MANY_ATTEMPTS')
    expect(again.data.retryAt).toBe(first.data.retryAt)
    const wait1 = new Date(first.data.retryAt as string).getTime() - attacker.now.getTime()
    expect(wait1).toBe(SIGNIN_PER_ACCOUNT_CLIENT.baseSeconds * 1000)
    // ...but not for the owner at home, and their success does not free the attacker.
    expect((await signIn(ctx('owner-home'), { email: user.email, password: TEST_PASSWORD })).id).toBe(user.id)
    await expectCode(signIn(attacker, { email: user.email, password: TEST_PASSWORD }), 'TOO_MANY_ATTEMPTS')
    // After the block, one more failure from the attacker's client doubles the wait.
    const later = { ...attacker, now: new Date(new Date(first.data.retryAt as string).getTime() + 1000) }
    const second = await expectCode(signIn(later, { email: user.email, password: 'wrong' }), 'TOO_MANY_ATTEMPTS')
    expect(new Date(second.data.retryAt as string).getTime() - later.now.getTime()).toBe(2 * wait1)
  })

  it('lets one attacking client, retrying whenever allowed for a day, never lock the owner out', async () => {
    const user = await createUser()
    const t0 = new Date()
    let now = t0
    vi.mocked(verifyPassword).mockClear()
    while (now.getTime() < t0.getTime() + 86_400_000) {
      const refused = await signIn({ ...ctx('patient-attacker'), now }, { email: user.email, password: 'wrong' }).catch(
        (e: DomainError) => e,
      )
      if (!(refused instanceof DomainError)) throw new Error('signed in with a wrong password')
      now = refused.code === 'TOO_MANY_ATTEMPTS' ? new Date(refused.data.retryAt as string) : new Date(now.getTime() + 1000)
    }
    // About 35 passwords checked: a third of the account's cap.
    expect(vi.mocked(verifyPassword).mock.calls.length).toBeLessThan(SIGNIN_PER_ACCOUNT.freeFailures / 2)
    expect((await signIn({ ...ctx('owner-home'), now }, { email: user.email, password: TEST_PASSWORD })).id).toBe(user.id)
  })

  it('locks the account for every client at the per-account cap of consecutive failures; a success or a reset ends the run', async () => {
    const user = await createUser()
    const t0 = new Date()
    // Failures from many clients, under each client's own lock (4 apiece).
    const fail = (i: number) => signIn({ ...ctx(`botnet-${Math.floor(i / 4)}`), now: t0 }, { email: user.email, password: `wrong-${i}` })
    for (let i = 0; i < SIGNIN_PER_ACCOUNT.freeFailures - 10; i++) await expectCode(fail(i), 'UNAUTHORIZED')
    // The owner signs in: the run of consecutive failures starts again.
    expect((await signIn({ ...ctx('owner-home'), now: t0 }, { email: user.email, password: TEST_PASSWORD })).id).toBe(user.id)
    for (let i = 0; i < SIGNIN_PER_ACCOUNT.freeFailures; i++) await expectCode(fail(1000 + i), 'UNAUTHORIZED')
    const capped = await expectCode(fail(2000), 'TOO_MANY_ATTEMPTS')
    expect(new Date(capped.data.retryAt as string).getTime() - t0.getTime()).toBe(SIGNIN_PER_ACCOUNT.baseSeconds * 1000)
    // Now every client waits, the owner's included, whatever the password...
    await expectCode(signIn({ ...ctx('owner-home'), now: t0 }, { email: user.email, password: TEST_PASSWORD }), 'TOO_MANY_ATTEMPTS')
    await expectCode(signIn({ ...ctx(), now: t0 }, { email: user.email, password: 'wrong' }), 'TOO_MANY_ATTEMPTS')
    // ...while other accounts sign in as usual from the same clients.
    const other = await createUser()
    expect((await signIn({ ...ctx('botnet-0'), now: t0 }, { email: other.email, password: TEST_PASSWORD })).id).toBe(other.id)
    // A password reset (the link proves the address) ends the lock.
    await requestPasswordReset(ctx(), user.email)
    const token = tokenFromMail((await lastMailTo(user.email))!.text_body)
    await resetPassword({ ...ctx('owner-home'), now: t0 }, { token, newPassword: 'brand-new-password' })
    expect((await signIn({ ...ctx('owner-home'), now: t0 }, { email: user.email, password: 'brand-new-password' })).id).toBe(user.id)
    // About 200 password checks (argon2id): slow on a busy machine.
  }, 120_000)

  it('blocks a client that tries many accounts', async () => {
    for (let i = 0; i < SIGNIN_PER_CLIENT.freeFailures; i++) {
      await expectCode(signIn(ctx('spray'), { email: uniqueEmail(), password: 'wrong' }), 'UNAUTHORIZED')
    }
    await expectCode(signIn(ctx('spray'), { email: uniqueEmail(), password: 'wrong' }), 'TOO_MANY_ATTEMPTS')
    const user = await createUser()
    await expectCode(signIn(ctx('spray'), { email: user.email, password: TEST_PASSWORD }), 'TOO_MANY_ATTEMPTS')
    expect((await signIn(ctx('other'), { email: user.email, password: TEST_PASSWORD })).id).toBe(user.id)
  })
})

const alertsTo = (email: string) =>
  db().selectFrom('mail_outbox').select(['subject', 'text_body']).where('to_address', '=', email).orderBy('created_at').execute()

describe('the owner hears of an attack', () => {
  it('emails the owner, in their language, once per attack period however many clients get locked', async () => {
    const user = await createUser({ name: 'Olga', locale: 'en' })
    const t0 = new Date()
    const lockOut = async (client: string, now: Date) => {
      for (let i = 0; i < SIGNIN_PER_ACCOUNT_CLIENT.freeFailures; i++)
        await expectCode(signIn({ ...ctx(client), now }, { email: user.email, password: 'wrong' }), 'UNAUTHORIZED')
      await expectCode(signIn({ ...ctx(client), now }, { email: user.email, password: 'wrong' }), 'TOO_MANY_ATTEMPTS')
    }
    await lockOut('attacker-a', t0)
    const [alert] = await alertsTo(user.email)
    expect(alert?.subject).toBe('Failed sign-ins to your Groups account')
    expect(alert?.text_body).toContain('Hi Olga,')
    expect(alert?.text_body).toContain('/forgot-password')
    // More locks the same day, from other clients or the same one after its wait: no more mail.
    await lockOut('attacker-b', new Date(t0.getTime() + 3600_000))
    await lockOut('attacker-c', new Date(t0.getTime() + 23 * 3600_000))
    expect(await alertsTo(user.email)).toHaveLength(1)
    // The next day's attack is news again.
    await lockOut('attacker-d', new Date(t0.getTime() + 24 * 3600_000 + 1000))
    expect(await alertsTo(user.email)).toHaveLength(2)
  })

  it('writes in Swedish to a Swedish owner; an unknown account gets the same answers and no mail', async () => {
    const user = await createUser({ name: 'Sven', locale: 'sv' })
    const stranger = uniqueEmail()
    for (const email of [user.email, stranger]) {
      const client = ctx()
      for (let i = 0; i < SIGNIN_PER_ACCOUNT_CLIENT.freeFailures; i++)
        await expectCode(signIn(client, { email, password: 'wrong' }), 'UNAUTHORIZED')
      const locked = await expectCode(signIn(client, { email, password: 'wrong' }), 'TOO_MANY_ATTEMPTS')
      expect(Object.keys(locked.data)).toEqual(['retryAt'])
    }
    expect((await alertsTo(user.email)).map((m) => m.subject)).toEqual(['Misslyckade inloggningar på ditt konto på Groups'])
    expect(await alertsTo(stranger)).toEqual([])
  })

  it('answers a lock as for an unknown account even when the alert cannot be sent, and logs it', async () => {
    const user = await createUser()
    const healMail = await failWrites('mail_outbox', 'INSERT', 'to_address', user.email)
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {})
    try {
      const client = ctx()
      for (let i = 0; i < SIGNIN_PER_ACCOUNT_CLIENT.freeFailures; i++)
        await expectCode(signIn(client, { email: user.email, password: 'wrong' }), 'UNAUTHORIZED')
      await expectCode(signIn(client, { email: user.email, password: 'wrong' }), 'TOO_MANY_ATTEMPTS')
      expect(logged).toHaveBeenCalledWith(expect.stringContaining(`sign-in alert to ${user.email} not sent`))
    } finally {
      logged.mockRestore()
      await healMail()
    }
  })
})

describe('sign-in under concurrent attempts', () => {
  it('checks at most freeFailures + 1 of 40 parallel guesses at one account from one client; the right password then waits', async () => {
    const user = await createUser()
    const client = ctx()
    vi.mocked(verifyPassword).mockClear()
    const guesses = Array.from({ length: 40 }, (_, i) => signIn(client, { email: user.email, password: `wrong-${i}` }))
    const right = signIn(client, { email: user.email, password: TEST_PASSWORD })
    const results = await Promise.all([...guesses, right].map(outcomeOf))
    expect(vi.mocked(verifyPassword).mock.calls.length).toBeLessThanOrEqual(SIGNIN_PER_ACCOUNT_CLIENT.freeFailures + 1)
    expect(results.filter((r) => r === 'UNAUTHORIZED').length).toBeLessThanOrEqual(SIGNIN_PER_ACCOUNT_CLIENT.freeFailures)
    expect(results.at(-1)).toBe('TOO_MANY_ATTEMPTS')
    expect(results.filter((r) => r !== 'UNAUTHORIZED' && r !== 'TOO_MANY_ATTEMPTS')).toEqual([])
  })

  it('checks at most the per-account cap of parallel guesses at one account from many clients', async () => {
    const user = await createUser()
    vi.mocked(verifyPassword).mockClear()
    const attempts = SIGNIN_PER_ACCOUNT.freeFailures + 30
    const results = await Promise.all(
      Array.from({ length: attempts }, (_, i) => outcomeOf(signIn(ctx(`swarm-${i}`), { email: user.email, password: `wrong-${i}` }))),
    )
    expect(vi.mocked(verifyPassword).mock.calls.length).toBeLessThanOrEqual(SIGNIN_PER_ACCOUNT.freeFailures + 1)
    expect(results.filter((r) => r === 'TOO_MANY_ATTEMPTS').length).toBeGreaterThanOrEqual(attempts - SIGNIN_PER_ACCOUNT.freeFailures - 1)
  })

  it('checks at most freeFailures + 1 of many parallel attempts from one client at many accounts', async () => {
    vi.mocked(verifyPassword).mockClear()
    const client = ctx()
    const attempts = SIGNIN_PER_CLIENT.freeFailures + 20
    const results = await Promise.all(
      Array.from({ length: attempts }, () => outcomeOf(signIn(client, { email: uniqueEmail(), password: 'wrong' }))),
    )
    expect(vi.mocked(verifyPassword).mock.calls.length).toBeLessThanOrEqual(SIGNIN_PER_CLIENT.freeFailures + 1)
    expect(results.filter((r) => r === 'TOO_MANY_ATTEMPTS').length).toBeGreaterThanOrEqual(attempts - SIGNIN_PER_CLIENT.freeFailures - 1)
  })

  it('counts only failures against a client: successes give their attempt back', async () => {
    const client = ctx()
    const user = await createUser()
    for (let i = 0; i < SIGNIN_PER_CLIENT.freeFailures - 1; i++)
      await expectCode(signIn(client, { email: uniqueEmail(), password: 'wrong' }), 'UNAUTHORIZED')
    for (let i = 0; i < 10; i++) expect((await signIn(client, { email: user.email, password: TEST_PASSWORD })).id).toBe(user.id)
    await expectCode(signIn(client, { email: uniqueEmail(), password: 'wrong' }), 'UNAUTHORIZED')
    await expectCode(signIn(client, { email: uniqueEmail(), password: 'wrong' }), 'TOO_MANY_ATTEMPTS')
  })
})

describe('password reset', () => {
  it('sets a new password with a single-use token and revokes every session', async () => {
    const user = await createUser()
    const cookie = (await createSession(db(), user.id, 'password')).split(';')[0]
    await requestPasswordReset(ctx(), user.email)
    const token = tokenFromMail((await lastMailTo(user.email))!.text_body)
    await expect(checkPasswordResetToken(ctx(), token)).resolves.toEqual({ valid: true })

    await resetPassword(ctx(), { token, newPassword: 'brand-new-password' })
    expect((await lastMailTo(user.email))?.subject).toMatch(/Lösenordet till ditt konto .* är bytt/)
    await expectCode(resetPassword(ctx(), { token, newPassword: 'third-password' }), 'TOKEN_USED')
    await expectCode(signIn(ctx(), { email: user.email, password: TEST_PASSWORD }), 'UNAUTHORIZED')
    expect((await signIn(ctx(), { email: user.email, password: 'brand-new-password' })).id).toBe(user.id)
    const state = await readSession(db(), cookie)
    expect(state.status).toBe('expired')
  })

  it('expires reset tokens after an hour', async () => {
    const user = await createUser()
    await requestPasswordReset(ctx(), user.email)
    const token = tokenFromMail((await lastMailTo(user.email))!.text_body)
    await expectCode(checkPasswordResetToken({ ...ctx(), now: new Date(Date.now() + 3601_000) }, token), 'TOKEN_EXPIRED')
  })

  it('answers the same for an unknown address and sends nothing', async () => {
    const email = uniqueEmail()
    await expect(requestPasswordReset(ctx(), email)).resolves.toBeUndefined()
    expect(await lastMailTo(email)).toBeUndefined()
  })
})

describe('current user', () => {
  it('has the shape of the specification', async () => {
    const user = await createUser({ name: 'Dag', locale: 'en' })
    expect(toCurrentUser(user)).toEqual({
      _id: user.id,
      name: 'Dag',
      email: user.email,
      profile_pic: null,
      preferences: {
        locale: 'en',
        timezone: 'Europe/Stockholm',
        autoSignout: { isActive: true, timeoutSeconds: 900 },
        notifications: { unsubscribedTemplates: [] },
      },
    })
  })
})
