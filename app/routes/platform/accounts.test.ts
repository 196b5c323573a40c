import { describe, expect, it } from 'vitest'
import { createSession } from '~/auth/session.server'
import { db } from '~/db/db.server'
import type { User } from '~/db/schema'
import { readToast } from '~/http/toast.server'
import { newRecoveryCodes } from '~/services/two-step/recovery-codes.server'
import { isTwoStepEnabled } from '~/services/two-step/totp.server'
import { newId, nowIso } from '~/utils/ids.server'
import { args, cookiesFrom, createUser, makeRequest, run, sessionCookieFor } from '../../../tests/support/factories'
import { createOrganization } from '../../../tests/support/org-factories'
import { enableTotpFor } from '../../../tests/support/two-step'
import { action, loader } from './accounts'

const PATH = '/platform/accounts'
const CHECKS = 'Called back the number the school has on file; she named her class and her principal.'

const load = (query: string, cookie?: string) => run(() => loader(args(makeRequest(`${PATH}${query}`, { cookie }))))
const post = (form: Record<string, string>, cookie?: string) => run(() => action(args(makeRequest(PATH, { form, cookie }))))
const toastOf = async (headers: Headers) =>
  (await readToast(new Request('http://localhost/', { headers: { Cookie: cookiesFrom(headers) } }))).toast

/** A person with two-step, recovery codes, a passkey, two provider accounts, two sessions and a pending second step. */
async function personWithEverything(overrides: Partial<User> = {}) {
  const person = await createUser({ locale: 'en', name: 'Lena Lost', ...overrides })
  await enableTotpFor(person.id)
  await newRecoveryCodes(db(), person.id, new Date())
  const now = nowIso()
  await db()
    .insertInto('passkeys')
    .values({
      id: newId(),
      user_id: person.id,
      credential_id: newId(),
      public_key: 'pk',
      counter: 0,
      device_type: 'singleDevice',
      backed_up: 0,
      transports: '[]',
      name: 'Phone',
      created_at: now,
    })
    .execute()
  for (const provider of ['google', 'microsoft'])
    await db()
      .insertInto('user_identities')
      .values({
        id: newId(),
        user_id: person.id,
        provider,
        issuer: `https://${provider}.example`,
        subject: newId(),
        email: null,
        created_at: now,
        last_used_at: now,
      })
      .execute()
  await createSession(db(), person.id, 'two-step')
  await createSession(db(), person.id, 'passkey')
  await db()
    .insertInto('tokens')
    .values({
      id: newId(),
      user_id: person.id,
      purpose: 'second-factor',
      token_hash: newId(),
      created_at: now,
      expires_at: '2999-01-01T00:00:00.000Z',
      used_at: null,
      data: null,
    })
    .execute()
  return person
}

/** What the account holds of each way in. */
async function waysOf(userId: string) {
  const countOf = async (table: 'user_totp' | 'recovery_codes' | 'passkeys' | 'user_identities' | 'sessions') =>
    Number(
      (
        await db()
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .where('user_id', '=', userId)
          .executeTakeFirstOrThrow()
      ).n,
    )
  const user = await db().selectFrom('users').select('password_hash').where('id', '=', userId).executeTakeFirstOrThrow()
  return {
    totp: await countOf('user_totp'),
    recoveryCodes: await countOf('recovery_codes'),
    passkeys: await countOf('passkeys'),
    providers: await countOf('user_identities'),
    sessions: await countOf('sessions'),
    password: !!user.password_hash,
  }
}

const mailsTo = (email: string) => db().selectFrom('mail_outbox').selectAll().where('to_address', '=', email).execute()
const recoveriesOf = (userId: string) => db().selectFrom('account_recoveries').selectAll().where('user_id', '=', userId).execute()
const resetAudits = (orgId: string) =>
  db().selectFrom('audit_log').selectAll().where('organization_id', '=', orgId).where('action', '=', 'platform.account.reset').execute()

describe('/platform/accounts: the lost-every-factor reset (ASVS 6.4.4)', () => {
  it('is for platform admins only: signed out goes to sign in; an organization admin or anyone else gets 404 and changes nothing', async () => {
    const person = await personWithEverything()
    const before = await waysOf(person.id)
    const anonymous = await load(`?email=${person.email}`)
    expect(anonymous.status).toBe(302)
    expect(anonymous.headers.get('Location')).toMatch(/^\/signin\?redirectTo=/)
    expect((await post({ intent: 'reset', userId: person.id, email: person.email, identityChecks: CHECKS })).status).toBe(302)

    const orgAdmin = await createUser()
    await createOrganization({ adminIds: [orgAdmin.id], memberIds: [person.id] })
    for (const user of [orgAdmin, await createUser()]) {
      const cookie = await sessionCookieFor(user, 'two-step')
      expect((await load(`?email=${person.email}`, cookie)).status).toBe(404)
      expect((await post({ intent: 'reset', userId: person.id, email: person.email, identityChecks: CHECKS }, cookie)).status).toBe(404)
    }
    expect(await waysOf(person.id)).toEqual(before)
    expect(await recoveriesOf(person.id)).toEqual([])
  })

  it('finds the account by its email in any case and shows its ways in; an unknown or malformed address says so', async () => {
    const admin = await createUser({ is_platform_admin: 1 })
    const cookie = await sessionCookieFor(admin)
    const person = await personWithEverything()
    const found = await load(`?email=${encodeURIComponent(person.email.toUpperCase())}`, cookie)
    expect(found.status).toBe(200)
    expect(found.data.search).toEqual({ email: person.email, error: null })
    expect(found.data.account).toMatchObject({
      _id: person.id,
      email: person.email,
      hasPassword: true,
      twoStep: true,
      recoveryCodesLeft: 10,
      passkeys: 1,
      providers: ['google', 'microsoft'],
      sessions: 2,
      organizations: [],
      recoveries: [],
    })
    const unknown = await load('?email=nobody-here@example.se', cookie)
    expect(unknown.data).toEqual({ search: { email: 'nobody-here@example.se', error: 'errors.NO_ACCOUNT_WITH_EMAIL' }, account: null })
    const malformed = await load('?email=not-an-address', cookie)
    expect(malformed.data).toEqual({ search: { email: 'not-an-address', error: 'validation.email' }, account: null })
    expect((await load('', cookie)).data).toEqual({ search: null, account: null })
  })

  it('needs the identity checks written down: none, or too short, changes nothing', async () => {
    const admin = await createUser({ is_platform_admin: 1 })
    const cookie = await sessionCookieFor(admin)
    const person = await personWithEverything()
    const before = await waysOf(person.id)
    const none = await post({ intent: 'reset', userId: person.id, email: person.email, identityChecks: '   ' }, cookie)
    expect(none.status).toBe(400)
    expect(none.data.result.error).toEqual({ identityChecks: ['validation.required'] })
    const short = await post({ intent: 'reset', userId: person.id, email: person.email, identityChecks: 'looked ok' }, cookie)
    expect(short.status).toBe(400)
    expect(short.data.result.error).toEqual({ identityChecks: ['platformAccounts.reset.checksTooShort'] })
    expect(await waysOf(person.id)).toEqual(before)
    expect(await recoveriesOf(person.id)).toEqual([])
  })

  it('removes two-step, recovery codes, passkeys and providers, ends every session; recorded with the checks, audited in each organization, the owner emailed', async () => {
    const admin = await createUser({ is_platform_admin: 1, name: 'Pia Plattform' })
    const cookie = await sessionCookieFor(admin)
    const person = await personWithEverything()
    const [orgA, orgB, elsewhere] = [
      await createOrganization({ memberIds: [person.id] }),
      await createOrganization({ adminIds: [person.id] }),
      await createOrganization(),
    ]
    await db().deleteFrom('mail_outbox').where('to_address', '=', person.email).execute()

    const done = await post({ intent: 'reset', userId: person.id, email: person.email, identityChecks: `  ${CHECKS}  ` }, cookie)
    expect(done.status).toBe(302)
    expect(done.headers.get('Location')).toBe(`${PATH}?email=${encodeURIComponent(person.email)}`)
    expect(await toastOf(done.headers)).toMatchObject({ key: 'platformAccounts.toast.reset', values: { email: person.email } })

    expect(await waysOf(person.id)).toEqual({ totp: 0, recoveryCodes: 0, passkeys: 0, providers: 0, sessions: 0, password: true })
    expect(await isTwoStepEnabled(db(), person.id)).toBe(false)
    const pending = await db()
      .selectFrom('tokens')
      .select('id')
      .where('user_id', '=', person.id)
      .where('purpose', '=', 'second-factor')
      .execute()
    expect(pending).toEqual([])

    const [recovery, ...more] = await recoveriesOf(person.id)
    expect(more).toEqual([])
    expect(recovery).toMatchObject({ actor_id: admin.id, identity_checks: CHECKS })
    const removed = { twoStep: true, recoveryCodes: 10, passkeys: 1, providers: ['google', 'microsoft'], sessions: 2 }
    expect(JSON.parse(recovery!.removed)).toEqual(removed)

    for (const org of [orgA, orgB]) {
      const entries = await resetAudits(org.id)
      expect(entries).toHaveLength(1)
      expect(entries[0]).toMatchObject({ actor_id: admin.id, status: 'done' })
      expect(JSON.parse(entries[0]!.items)).toEqual([person.id])
      // The organization sees what was removed, never the platform's notes about the person.
      expect(entries[0]!.result).not.toContain('school has on file')
    }
    expect(await resetAudits(elsewhere.id)).toEqual([])

    const [mail, ...otherMail] = await mailsTo(person.email)
    expect(otherMail).toEqual([])
    expect(mail!.subject).toMatch(/sign-in methods of your .* were reset/)
    expect(mail!.text_body).toContain('Lena Lost')
    expect(mail!.text_body).not.toContain('school has on file')

    // The screen lists the reset with who made it and the checks.
    const shown = await load(`?email=${person.email}`, cookie)
    expect(shown.data.account.recoveries).toEqual([
      { _id: recovery!.id, actor: 'Pia Plattform', created: recovery!.created_at, identityChecks: CHECKS, removed },
    ])
    expect(shown.data.account).toMatchObject({ twoStep: false, passkeys: 0, providers: [], sessions: 0 })
    expect(shown.data.account.organizations).toHaveLength(2)
    expect(shown.data.account.organizations).toEqual(
      expect.arrayContaining([
        { _id: orgA.id, name: orgA.name, role: 'member' },
        { _id: orgB.id, name: orgB.name, role: 'admin' },
      ]),
    )
  })

  it('emails a Swedish owner in Swedish', async () => {
    const admin = await createUser({ is_platform_admin: 1 })
    const person = await personWithEverything({ locale: 'sv' })
    await post({ intent: 'reset', userId: person.id, email: person.email, identityChecks: CHECKS }, await sessionCookieFor(admin))
    const [mail] = await mailsTo(person.email)
    expect(mail!.subject).toMatch(/Inloggningssätten för ditt konto/)
  })

  it("refuses the admin's own account (another platform admin does it) and an unknown account; nothing changes", async () => {
    const admin = await createUser({ is_platform_admin: 1 })
    await enableTotpFor(admin.id)
    const cookie = await sessionCookieFor(admin, 'two-step')
    const own = await post({ intent: 'reset', userId: admin.id, email: admin.email, identityChecks: CHECKS }, cookie)
    expect(own.status).toBe(403)
    expect(own.data).toEqual({ error: 'errors.ACCOUNT_RECOVERY_OWN' })
    expect(await isTwoStepEnabled(db(), admin.id)).toBe(true)
    expect(await recoveriesOf(admin.id)).toEqual([])

    const unknown = await post({ intent: 'reset', userId: 'no-such-user', email: 'gone@example.se', identityChecks: CHECKS }, cookie)
    expect(unknown.status).toBe(404)
  })
})
