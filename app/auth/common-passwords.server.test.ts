import { describe, expect, it } from 'vitest'
import { createOrganization } from '../../tests/support/org-factories'
import { db } from '~/db/db.server'
import * as newPasswordApi from '~/routes/api/password-reset.new-password'
import * as usersApi from '~/routes/api/users'
import * as forgot from '~/routes/auth/forgot-password'
import * as newPassword from '~/routes/auth/new-password'
import * as signup from '~/routes/auth/signup'
import { args, createUser, lastMailTo, makeRequest, run, tokenFromMail, uniqueEmail } from '../../tests/support/factories'
import { contextWords, passwordWeakness, personalWords } from './common-passwords.server'

const user = { name: 'Jo Iner', email: 'jo.iner@exempelskolan.se' }

describe('passwordWeakness', () => {
  it('refuses common passwords, English and Swedish, with digits, capitals and symbols', async () => {
    for (const password of ['password1', 'Password123', 'qwerty123', 'iloveyou1', '12345678', 'zxcvbnmm']) {
      expect(await passwordWeakness(password, user), password).toBe('validation.passwordCommon')
    }
    for (const password of [
      'lösenord123',
      'losenord1',
      'Lösenordd',
      'Sommar2024!',
      'hejsan123',
      'Fotboll!23',
      'sverige1',
      'januari2025',
      'anna1985',
      'sommarhejsan',
    ]) {
      expect(await passwordWeakness(password, user), password).toBe('validation.passwordCommon')
    }
  })

  it("refuses the user's own name and email address, alone or with digits", async () => {
    for (const password of ['jo.iner@exempelskolan.se', 'JoIner2024', 'jo.iner99', 'joiner-123', 'Exempelskolan1']) {
      expect(await passwordWeakness(password, user), password).toBe('validation.passwordPersonal')
    }
    // The same passwords are fine for someone else.
    expect(await passwordWeakness('Exempelskolan1', { name: 'Bo Ek', email: 'bo@example.se' })).toBeNull()
  })

  it('accepts a passphrase, and a random string of the minimum length (length is not its business)', async () => {
    for (const password of ['trädgård-moln-cykel-91', 'kanel åska fönster', 'correct-horse-battery', 'k8Rm2pQz', 'xk3#9a!q']) {
      expect(await passwordWeakness(password, user), password).toBeNull()
    }
  })

  it("refuses the product's and its customers' names (ASVS 6.1.2): the brand, an organization's name and its words", async () => {
    await createOrganization({ name: 'Vallentuna kommun' })
    expect((await contextWords()).sort()).toEqual(
      expect.arrayContaining(['groups', 'kommun', 'vallentuna', 'vallentuna kommun', 'vallentunakommun']),
    )
    for (const password of ['Vallentuna2026', 'vallentunakommun1', 'Groups2026!']) {
      expect(await passwordWeakness(password, { name: 'Bo Ek', email: 'bo@example.se' }), password).toBe('validation.passwordCommon')
    }
  })

  it('knows the name, its parts, the address, its local part and pieces, and the domain', () => {
    expect(personalWords(user).sort()).toEqual(
      ['exempelskolan', 'iner', 'jo', 'jo iner', 'jo.iner', 'jo.iner@exempelskolan.se', 'joiner'].sort(),
    )
  })
})

const form = (path: string, body: Record<string, string>) => args(makeRequest(path, { form: body }))
const json = async (action: (a: ReturnType<typeof args>) => unknown, path: string, body: unknown) =>
  (await action(args(makeRequest(path, { json: body })))) as Response
const accountOf = (email: string) => db().selectFrom('users').select(['id', 'password_hash']).where('email', '=', email).executeTakeFirst()

async function resetToken(email: string) {
  expect((await run(() => forgot.action(form('/forgot-password', { email })))).status).toBe(302)
  return tokenFromMail((await lastMailTo(email))!.text_body)
}
const tokenUsed = async (userId: string) =>
  (
    await db()
      .selectFrom('tokens')
      .select('used_at')
      .where('user_id', '=', userId)
      .where('purpose', '=', 'password-reset')
      .executeTakeFirstOrThrow()
  ).used_at

describe('every path that sets a password refuses a common one, saying why, and changes nothing', () => {
  const signUpForm = (email: string, password: string) => ({ name: 'Jo Iner', email, password, locale: 'sv', timezone: 'Europe/Stockholm' })

  it('the sign-up screen', async () => {
    const email = uniqueEmail('jo.iner')
    const res = await run(() => signup.action(form('/signup', signUpForm(email, 'Sommar2024!'))))
    expect(res.status).toBe(400)
    expect(res.data.result.error).toEqual({ password: ['validation.passwordCommon'] })
    expect(res.data.result.initialValue).not.toHaveProperty('password')
    const personal = await run(() => signup.action(form('/signup', signUpForm(email, `${email.split('@')[0]}1`))))
    expect(personal.data.result.error).toEqual({ password: ['validation.passwordPersonal'] })
    expect(await accountOf(email)).toBeUndefined()
    expect(await lastMailTo(email)).toBeUndefined()

    expect((await run(() => signup.action(form('/signup', signUpForm(email, 'trädgård-moln-cykel-91'))))).status).toBe(302)
    expect(await accountOf(email)).toBeDefined()
  })

  it('POST /api/v2/users', async () => {
    const email = uniqueEmail()
    const body = (password: string) => ({ name: 'Jo Iner', email, password, preferences: { locale: 'en', timezone: 'Europe/Stockholm' } })
    const res = await json(usersApi.action, '/api/v2/users', body('qwerty123'))
    expect(res.status).toBe(400)
    expect(await res.json()).toEqual({ message: 'BAD_REQUEST', errors: { password: ['validation.passwordCommon'] } })
    expect(await accountOf(email)).toBeUndefined()
    expect((await json(usersApi.action, '/api/v2/users', body('kanel åska fönster'))).status).toBe(201)
  })

  it('the new-password screen (reset)', async () => {
    const account = await createUser({ name: 'Karin Berg' })
    const token = await resetToken(account.email)
    const before = (await accountOf(account.email))!.password_hash
    const res = await run(() =>
      newPassword.action(form('/new-password', { token, newPassword: 'lösenord123', confirmPassword: 'lösenord123' })),
    )
    expect(res.status).toBe(400)
    expect(res.data.result.error).toEqual({ newPassword: ['validation.passwordCommon'] })
    const named = await run(() =>
      newPassword.action(form('/new-password', { token, newPassword: 'KarinBerg1', confirmPassword: 'KarinBerg1' })),
    )
    expect(named.data.result.error).toEqual({ newPassword: ['validation.passwordPersonal'] })
    expect((await accountOf(account.email))!.password_hash).toBe(before)
    expect(await tokenUsed(account.id)).toBeNull()

    const ok = await run(() =>
      newPassword.action(form('/new-password', { token, newPassword: 'fönster-moln-cykel', confirmPassword: 'fönster-moln-cykel' })),
    )
    expect(ok.status).toBe(302)
    expect((await accountOf(account.email))!.password_hash).not.toBe(before)
  })

  it('POST /api/password-reset/new-password', async () => {
    const account = await createUser()
    const token = await resetToken(account.email)
    const res = await json(newPasswordApi.action, '/api/password-reset/new-password', { token, newPassword: 'hejsan123' })
    expect(res.status).toBe(400)
    expect(await res.json()).toEqual({ message: 'BAD_REQUEST', errors: { newPassword: ['validation.passwordCommon'] } })
    expect(await tokenUsed(account.id)).toBeNull()
    expect(
      (await json(newPasswordApi.action, '/api/password-reset/new-password', { token, newPassword: 'fönster-moln-cykel' })).status,
    ).toBe(200)
  })
})
