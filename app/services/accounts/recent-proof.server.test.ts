import * as OTPAuth from 'otpauth'
import { describe, expect, it } from 'vitest'
import { createSession } from '~/auth/session.server'
import { db } from '~/db/db.server'
import type { User } from '~/db/schema'
import { createLoadContext } from '~/load-context.server'
import { assertPasskey, createPasskey } from '../../../tests/support/software-authenticator'
import { expectCode } from '../../../tests/support/expect-code'
import { createUser, provenCtx, TEST_PASSWORD } from '../../../tests/support/factories'
import { enableTotpFor } from '../../../tests/support/two-step'
import { ctxFor, type Ctx } from '../context.server'
import { passkeySignInOptions } from '../passkeys/authentication.server'
import { listPasskeys, removePasskey } from '../passkeys/passkeys.server'
import { passkeyRegistrationOptions, registerPasskey } from '../passkeys/registration.server'
import { relyingParty } from '../passkeys/relying-party.server'
import {
  confirmTotpEnrolment,
  pendingTotpEnrolment,
  regenerateRecoveryCodes,
  startTotpEnrolment,
  TOTP_PERIOD,
} from '../two-step/totp.server'
import { confirmIdentity, proofOptions } from './confirm-identity.server'
import { hasRecentProof, PROOF_MAX_AGE_SECONDS } from './recent-proof.server'
import { linkIdentity, listIdentities, unlinkIdentity } from './user-identities.server'
import { requestPasswordReset } from './users.server'

/**
 * Sudo mode (docs/auth.md "Confirm it's you"): each security change is refused without a proof of
 * the last 10 minutes on the request's session, and allowed once the user has confirmed it's them.
 * Sessions here are real rows read through the load context, as a request reads them.
 */
const MINUTE = 60_000
const KEY = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP'
const codeAt = (now: Date) =>
  new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(KEY), digits: 6, period: TOTP_PERIOD }).generate({ timestamp: now.getTime() })

const cookies = new WeakMap<Ctx, string>()
function requestCtx(user: User, cookie: string): Ctx {
  const context = createLoadContext({ cspNonce: 't', clientIp: '10.9.9.9', cookie, method: 'POST', path: '/x' })
  const ctx = ctxFor(user, context)
  cookies.set(ctx, cookie)
  return ctx
}
/** The context of a request by `user` whose session signed in (its last proof) `minutesAgo` minutes ago. */
async function sessionCtx(user: User, minutesAgo: number): Promise<Ctx> {
  const setCookie = await createSession(db(), user.id, 'password', { now: new Date(Date.now() - minutesAgo * MINUTE) })
  return requestCtx(user, setCookie.split(';')[0]!)
}
/** The next request of the same session (a request reads its session once). */
const again = (ctx: Ctx) => requestCtx(ctx.actor!, cookies.get(ctx)!)

const mailsTo = (email: string) =>
  db().selectFrom('mail_outbox').selectAll().where('to_address', '=', email).orderBy('created_at').orderBy('id').execute()
const key = (subject: string, issuer = 'https://accounts.example.com') => ({
  provider: 'google' as const,
  issuer,
  subject,
  email: 'me@gmail.example',
})

describe('a recent proof', () => {
  it('is the sign-in for 10 minutes; then none, and no session (or another user’s) has one', async () => {
    const user = await createUser()
    expect(await hasRecentProof(await sessionCtx(user, 0))).toBe(true)
    expect(await hasRecentProof(await sessionCtx(user, PROOF_MAX_AGE_SECONDS / 60 - 1))).toBe(true)
    expect(await hasRecentProof(await sessionCtx(user, PROOF_MAX_AGE_SECONDS / 60 + 1))).toBe(false)
    expect(await hasRecentProof(ctxFor(user))).toBe(false)
    const other = await createUser()
    expect(await hasRecentProof({ ...(await sessionCtx(other, 0)), actor: user })).toBe(false)
  })

  it('a session from before migration 036 (no proof recorded) has none', async () => {
    const user = await createUser()
    const ctx = await sessionCtx(user, 0)
    await db().updateTable('sessions').set({ proved_at: null }).where('user_id', '=', user.id).execute()
    expect(await hasRecentProof(again(ctx))).toBe(false)
  })
})

describe('each security change needs a recent proof', () => {
  it('adding a passkey: the options and the answer are refused with REAUTH_REQUIRED, then allowed after the password', async () => {
    const user = await createUser()
    const stale = await sessionCtx(user, 11)
    await expectCode(passkeyRegistrationOptions(stale, user.id), 'REAUTH_REQUIRED')
    await expect(passkeyRegistrationOptions(stale, user.id)).rejects.toMatchObject({ data: { reauthUrl: '/confirm-identity' } })
    // Options given while the proof was fresh, answered once it is not: refused too.
    const options = await passkeyRegistrationOptions(provenCtx(user), user.id)
    const { response } = createPasskey(options, { origin: relyingParty().origin })
    await expectCode(registerPasskey(stale, user.id, { name: 'Planted', response }), 'REAUTH_REQUIRED')
    expect(await listPasskeys(stale, user.id)).toEqual([])

    await confirmIdentity(stale, { password: TEST_PASSWORD })
    const proven = again(stale)
    await registerPasskey(proven, user.id, { name: 'Mine', response })
    expect((await listPasskeys(proven, user.id)).map((p) => p.name)).toEqual(['Mine'])
  })

  it('removing a passkey: refused without a proof; after a code it goes, and the owner is told by email', async () => {
    const user = await createUser()
    await enableTotpFor(user.id, KEY)
    const options = await passkeyRegistrationOptions(provenCtx(user), user.id)
    const { response } = createPasskey(options, { origin: relyingParty().origin })
    const { _id } = await registerPasskey(provenCtx(user), user.id, { name: 'Old phone', response })
    const stale = await sessionCtx(user, 12)
    await expectCode(removePasskey(stale, user.id, { passkey: _id }), 'REAUTH_REQUIRED')
    expect(await listPasskeys(stale, user.id)).toHaveLength(1)

    await confirmIdentity(stale, { code: codeAt(stale.now) })
    expect(await removePasskey(again(stale), user.id, { passkey: _id })).toEqual({ name: 'Old phone' })
    const mail = (await mailsTo(user.email)).at(-1)!
    expect(mail.subject).toMatch(/A passkey was removed|En nyckel \(passkey\) togs bort/)
    expect(mail.text_body).toContain('Old phone')
  })

  it('setting up two-step: starting and confirming the app are refused without a proof', async () => {
    const user = await createUser()
    const stale = await sessionCtx(user, 11)
    await expectCode(startTotpEnrolment(stale, user.id), 'REAUTH_REQUIRED')
    expect(await pendingTotpEnrolment(stale, user.id)).toBeNull()
    // Started while fresh, confirmed once stale: refused, two-step stays off.
    await startTotpEnrolment(provenCtx(user), user.id)
    const pending = (await pendingTotpEnrolment(stale, user.id))!
    const code = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(pending.key), digits: 6, period: TOTP_PERIOD }).generate()
    await expectCode(confirmTotpEnrolment(stale, user.id, code), 'REAUTH_REQUIRED')

    await confirmIdentity(stale, { password: TEST_PASSWORD })
    const { recoveryCodes } = await confirmTotpEnrolment(again(stale), user.id, code)
    expect(recoveryCodes).toHaveLength(10)
  })

  it('new recovery codes: the password or a code asked by the form is the proof, and counts as the session’s', async () => {
    const user = await createUser()
    await enableTotpFor(user.id, KEY)
    const stale = await sessionCtx(user, 11)
    await expectCode(regenerateRecoveryCodes(stale, user.id, 'wrong-password-1'), 'WRONG_PASSWORD')
    expect(await hasRecentProof(again(stale))).toBe(false)
    expect((await regenerateRecoveryCodes(stale, user.id, TEST_PASSWORD)).recoveryCodes).toHaveLength(10)
    expect(await hasRecentProof(again(stale))).toBe(true)
  })

  it('unlinking a provider account: refused without a proof; after the password it goes, and the owner is told by email', async () => {
    const user = await createUser({ locale: 'en' })
    const id = await linkIdentity(ctxFor(user), user.id, key('unlink-proof'))
    const stale = await sessionCtx(user, 11)
    await expectCode(unlinkIdentity(stale, id), 'REAUTH_REQUIRED')
    expect(await listIdentities(stale)).toHaveLength(1)

    await confirmIdentity(stale, { password: TEST_PASSWORD })
    await unlinkIdentity(again(stale), id)
    expect(await listIdentities(stale)).toHaveLength(0)
    const mail = (await mailsTo(user.email)).at(-1)!
    expect(mail.subject).toMatch(/A sign-in provider was unlinked/)
    expect(mail.text_body).toContain('Your Google account was unlinked')
  })
})

describe('confirming it’s you', () => {
  it('a wrong password or code proves nothing, and is counted', async () => {
    const user = await createUser()
    await enableTotpFor(user.id, KEY)
    const stale = await sessionCtx(user, 11)
    await expectCode(confirmIdentity(stale, { password: 'not-the-password' }), 'WRONG_PASSWORD')
    await expectCode(confirmIdentity(stale, { code: codeAt(new Date(stale.now.getTime() - 10 * MINUTE)) }), 'CODE_INVALID')
    expect(await hasRecentProof(again(stale))).toBe(false)
    for (let i = 0; i < 5; i++) await confirmIdentity(stale, { password: 'not-the-password' }).catch(() => undefined)
    await expectCode(confirmIdentity(stale, { password: TEST_PASSWORD }), 'TOO_MANY_ATTEMPTS')
    expect(await hasRecentProof(again(stale))).toBe(false)
  })

  it("with a passkey: the user's own only; another user's passkey proves nothing", async () => {
    const [user, other] = [await createUser(), await createUser()]
    const soft = async (owner: User) => {
      const options = await passkeyRegistrationOptions(provenCtx(owner), owner.id)
      const created = createPasskey(options, { origin: relyingParty().origin })
      await registerPasskey(provenCtx(owner), owner.id, { name: 'Key', response: created.response })
      return created.passkey
    }
    const [mine, theirs] = [await soft(user), await soft(other)]
    const stale = await sessionCtx(user, 11)
    const origin = relyingParty().origin
    await expectCode(
      confirmIdentity(stale, { passkey: assertPasskey(theirs, await passkeySignInOptions(stale), { origin }) }),
      'PASSKEY_INVALID',
    )
    expect(await hasRecentProof(again(stale))).toBe(false)
    await confirmIdentity(stale, { passkey: assertPasskey(mine, await passkeySignInOptions(stale), { origin }) })
    expect(await hasRecentProof(again(stale))).toBe(true)
  })

  it('offers what the account has: an account without a password has no password to confirm with', async () => {
    const user = await createUser({ password_hash: null })
    await linkIdentity(ctxFor(user), user.id, key('sso-only'))
    const stale = await sessionCtx(user, 11)
    expect(await proofOptions(stale)).toEqual({
      password: false,
      code: false,
      passkey: false,
      providers: [{ id: 'google', label: 'Google' }],
    })
    await expectCode(confirmIdentity(stale, { password: '' }), 'WRONG_PASSWORD')
    expect(await hasRecentProof(again(stale))).toBe(false)
  })

  it('needs the cookie session of the actor to record the proof on', async () => {
    const user = await createUser()
    await expectCode(confirmIdentity(ctxFor(user), { password: TEST_PASSWORD }), 'SESSION_NOT_FOUND')
  })
})

describe('the password reset email', () => {
  for (const locale of ['en', 'sv'] as const) {
    it(`names the account's passkeys and linked provider accounts (${locale})`, async () => {
      const user = await createUser({ locale })
      const options = await passkeyRegistrationOptions(provenCtx(user), user.id)
      const { response } = createPasskey(options, { origin: relyingParty().origin })
      await registerPasskey(provenCtx(user), user.id, { name: 'Unknown <device>', response })
      await linkIdentity(ctxFor(user), user.id, key(`reset-${locale}`))
      await requestPasswordReset({ ...ctxFor(null), client: `reset-${locale}-${user.id}` }, user.email)
      const mail = (await mailsTo(user.email)).at(-1)!
      expect(mail.subject).toMatch(locale === 'en' ? /Set a new password/ : /Välj ett nytt lösenord/)
      expect(mail.text_body).toContain(locale === 'en' ? 'the passkey "Unknown <device>"' : 'nyckeln (passkey) "Unknown <device>"')
      expect(mail.text_body).toContain('Google (me@gmail.example)')
      expect(mail.html_body).toContain('Unknown &lt;device&gt;')
      expect(mail.text_body).not.toMatch(/\{\{|\}\}|mail\.reset/)
    })
  }

  it('of an account with neither says nothing more', async () => {
    const user = await createUser({ locale: 'en' })
    await requestPasswordReset({ ...ctxFor(null), client: `reset-plain-${user.id}` }, user.email)
    const mail = (await mailsTo(user.email)).at(-1)!
    expect(mail.text_body).not.toMatch(/can also be signed into|Besides the password/)
  })
})
