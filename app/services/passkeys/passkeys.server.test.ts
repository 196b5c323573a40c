import { randomBytes } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { db } from '~/db/db.server'
import type { User } from '~/db/schema'
import { assertPasskey, createPasskey, type SoftPasskey } from '../../../tests/support/software-authenticator'
import { expectCode } from '../../../tests/support/expect-code'
import { createUser, provenCtx } from '../../../tests/support/factories'
import { ctxFor, type Ctx } from '../context.server'
import { linkIdentity, unlinkIdentity } from '../accounts/user-identities.server'
import { passkeySignInOptions, signInWithPasskey } from './authentication.server'
import { CHALLENGE_TTL_SECONDS } from './challenges.server'
import { hasPasskey, listPasskeys, removePasskey, renamePasskey } from './passkeys.server'
import { passkeyRegistrationOptions, registerPasskey } from './registration.server'
import { relyingParty } from './relying-party.server'

const T0 = new Date('2026-11-27T10:00:00Z')
const at = (seconds: number) => new Date(T0.getTime() + seconds * 1000)
// A signed-in actor's session proved who they are at `now` (sudo mode, recent-proof.server.ts).
const ctxOf = (actor: User | null, now = T0): Ctx => ({
  ...(actor ? provenCtx(actor, now) : ctxFor(actor)),
  now,
  client: `client-${randomBytes(4).toString('hex')}`,
})
const rp = () => relyingParty()

/** A user with a passkey registered through the real ceremony; the software passkey to sign in with. */
async function withPasskey(user?: User, name = 'Laptop'): Promise<{ user: User; passkey: SoftPasskey; id: string }> {
  user ??= await createUser()
  const options = await passkeyRegistrationOptions(ctxOf(user), user.id)
  const { passkey, response } = createPasskey(options, { origin: rp().origin })
  const { _id } = await registerPasskey(ctxOf(user), user.id, { name, response })
  return { user, passkey, id: _id }
}

describe('adding a passkey', () => {
  it('asks for a discoverable credential bound to APP_URL, and keeps its key, counter and backup flags', async () => {
    const user = await createUser()
    const options = await passkeyRegistrationOptions(ctxOf(user), user.id)
    expect(options.rp.id).toBe(new URL(rp().origin).hostname)
    expect(options.authenticatorSelection).toMatchObject({ residentKey: 'required', userVerification: 'preferred' })
    expect(options.attestation).toBe('none')
    const { passkey, response } = createPasskey(options, { origin: rp().origin, backedUp: true })
    await registerPasskey(ctxOf(user), user.id, { name: 'Phone', response })
    const row = await db().selectFrom('passkeys').selectAll().where('user_id', '=', user.id).executeTakeFirstOrThrow()
    expect(row).toMatchObject({
      credential_id: passkey.credentialId,
      name: 'Phone',
      device_type: 'multiDevice',
      created_at: T0.toISOString(),
      last_used_at: null,
    })
    expect(Number(row.backed_up)).toBe(1)
    expect(Number(row.counter)).toBe(0)
    expect(JSON.parse(row.transports)).toEqual(['internal'])
    expect(await listPasskeys(ctxOf(user), user.id)).toEqual([
      { _id: row.id, name: 'Phone', created: T0.toISOString(), lastUsed: null, backedUp: true },
    ])
    expect(await hasPasskey(db(), user.id)).toBe(true)
    // The next options exclude it, so the same authenticator is not registered twice.
    const again = await passkeyRegistrationOptions(ctxOf(user), user.id)
    expect(again.excludeCredentials?.map((c) => c.id)).toEqual([passkey.credentialId])
  })

  it('spends the challenge once: a replay of the same response is refused, and nothing more is kept', async () => {
    const user = await createUser()
    const options = await passkeyRegistrationOptions(ctxOf(user), user.id)
    const { response } = createPasskey(options, { origin: rp().origin })
    await registerPasskey(ctxOf(user), user.id, { name: 'One', response })
    await expectCode(registerPasskey(ctxOf(user), user.id, { name: 'Two', response }), 'PASSKEY_CHALLENGE_INVALID')
    expect(await listPasskeys(ctxOf(user), user.id)).toHaveLength(1)
  })

  it('refuses a challenge older than 5 minutes, or given to another user', async () => {
    const [user, other] = [await createUser(), await createUser()]
    const options = await passkeyRegistrationOptions(ctxOf(user), user.id)
    const late = createPasskey(options, { origin: rp().origin }).response
    await expectCode(
      registerPasskey(ctxOf(user, at(CHALLENGE_TTL_SECONDS)), user.id, { name: 'Late', response: late }),
      'PASSKEY_CHALLENGE_INVALID',
    )
    const fresh = await passkeyRegistrationOptions(ctxOf(user), user.id)
    const stolen = createPasskey(fresh, { origin: rp().origin }).response
    await expectCode(registerPasskey(ctxOf(other), other.id, { name: 'Stolen', response: stolen }), 'PASSKEY_CHALLENGE_INVALID')
    // Within the 5 minutes, the owner's answer still counts (the other user's try spent nothing).
    await registerPasskey(ctxOf(user, at(CHALLENGE_TTL_SECONDS - 1)), user.id, { name: 'In time', response: stolen })
    expect(await hasPasskey(db(), other.id)).toBe(false)
  })

  it('refuses a response for another origin or RP id, or without user verification', async () => {
    const user = await createUser()
    for (const o of [
      { origin: 'https://evil.example' },
      { origin: rp().origin, rpId: 'evil.example' },
      { origin: rp().origin, userVerified: false },
    ]) {
      const options = await passkeyRegistrationOptions(ctxOf(user), user.id)
      await expectCode(
        registerPasskey(ctxOf(user), user.id, { name: 'Bad', response: createPasskey(options, o).response }),
        'PASSKEY_INVALID',
      )
    }
    expect(await hasPasskey(db(), user.id)).toBe(false)
  })

  it("is only for the user themself: another user's options are not found", async () => {
    const [user, other] = [await createUser(), await createUser()]
    await expectCode(passkeyRegistrationOptions(ctxOf(other), user.id), 'USER_NOT_FOUND')
  })
})

describe('signing in with a passkey', () => {
  it('signs the owner in without an email, and records the counter, backup flag and last use', async () => {
    const { user, passkey, id } = await withPasskey()
    const options = await passkeySignInOptions(ctxOf(null))
    expect(options.allowCredentials ?? []).toEqual([])
    expect(options.userVerification).toBe('preferred')
    expect(options.rpId).toBe(new URL(rp().origin).hostname)
    const signedIn = await signInWithPasskey(ctxOf(null, at(60)), assertPasskey(passkey, options, { origin: rp().origin, backedUp: true }))
    expect(signedIn.id).toBe(user.id)
    const row = await db().selectFrom('passkeys').selectAll().where('id', '=', id).executeTakeFirstOrThrow()
    expect([Number(row.counter), Number(row.backed_up), row.last_used_at]).toEqual([1, 1, at(60).toISOString()])
    expect((await listPasskeys(ctxOf(user), user.id))[0]!.lastUsed).toBe(at(60).toISOString())
  })

  it('spends each challenge once and only within 5 minutes', async () => {
    const { passkey } = await withPasskey()
    const options = await passkeySignInOptions(ctxOf(null))
    const response = assertPasskey(passkey, options, { origin: rp().origin })
    await signInWithPasskey(ctxOf(null), response)
    await expectCode(signInWithPasskey(ctxOf(null), response), 'PASSKEY_CHALLENGE_INVALID')
    const later = await passkeySignInOptions(ctxOf(null))
    await expectCode(
      signInWithPasskey(ctxOf(null, at(CHALLENGE_TTL_SECONDS)), assertPasskey(passkey, later, { origin: rp().origin })),
      'PASSKEY_CHALLENGE_INVALID',
    )
    // A registration's challenge does not sign anybody in.
    const { user } = await withPasskey()
    const registration = await passkeyRegistrationOptions(ctxOf(user), user.id)
    await expectCode(
      signInWithPasskey(ctxOf(null), assertPasskey(passkey, registration, { origin: rp().origin })),
      'PASSKEY_CHALLENGE_INVALID',
    )
  })

  it("refuses another user's passkey, an unknown or removed one, another origin or RP id, no user verification, a forged signature", async () => {
    const { user, passkey, id } = await withPasskey()
    const { user: other, passkey: othersPasskey } = await withPasskey()
    // One sign-in first, so the stored counter is above 0.
    await signInWithPasskey(
      ctxOf(null),
      assertPasskey(passkey, await passkeySignInOptions(ctxOf(null)), { origin: rp().origin, counter: 5 }),
    )
    const tries = [
      // The other user's passkey presented as this user's (its user handle names this user).
      () => ({ passkey: othersPasskey, o: { userHandle: passkey.userHandle } }),
      // This user's passkey claiming to be the other user's.
      () => ({ passkey, o: { userHandle: othersPasskey.userHandle } }),
      () => ({ passkey, o: { origin: 'https://evil.example' } }),
      () => ({ passkey, o: { rpId: 'evil.example' } }),
      () => ({ passkey, o: { userVerified: false } }),
      // A signature counter not above the last one seen: a cloned authenticator.
      () => ({ passkey, o: { counter: 5 } }),
    ]
    for (const attempt of tries) {
      const { passkey: p, o } = attempt()
      const options = await passkeySignInOptions(ctxOf(null))
      await expectCode(signInWithPasskey(ctxOf(null), assertPasskey(p, options, { origin: rp().origin, ...o })), 'PASSKEY_INVALID')
    }
    const options = await passkeySignInOptions(ctxOf(null))
    const forged = assertPasskey(passkey, options, { origin: rp().origin })
    forged.response.signature = assertPasskey(othersPasskey, options, { origin: rp().origin }).response.signature
    await expectCode(signInWithPasskey(ctxOf(null), forged), 'PASSKEY_INVALID')
    // Removed: no longer signs in.
    await removePasskey(ctxOf(user), user.id, { passkey: id })
    const afterRemoval = await passkeySignInOptions(ctxOf(null))
    await expectCode(signInWithPasskey(ctxOf(null), assertPasskey(passkey, afterRemoval, { origin: rp().origin })), 'PASSKEY_INVALID')
    // The other user's own passkey still works for them.
    const own = await passkeySignInOptions(ctxOf(null))
    expect((await signInWithPasskey(ctxOf(null), assertPasskey(othersPasskey, own, { origin: rp().origin }))).id).toBe(other.id)
  })
})

describe('renaming and removing passkeys', () => {
  it("renames and removes only the user's own; another user's is not found", async () => {
    const { user, id } = await withPasskey()
    const other = await createUser()
    await expectCode(renamePasskey(ctxOf(other), other.id, { passkey: id, name: 'Mine now' }), 'NOT_FOUND')
    await expectCode(removePasskey(ctxOf(other), other.id, { passkey: id }), 'NOT_FOUND')
    await expectCode(removePasskey(ctxOf(other), user.id, { passkey: id }), 'USER_NOT_FOUND')
    await renamePasskey(ctxOf(user), user.id, { passkey: id, name: 'Work laptop' })
    expect((await listPasskeys(ctxOf(user), user.id)).map((p) => p.name)).toEqual(['Work laptop'])
    expect(await removePasskey(ctxOf(user), user.id, { passkey: id })).toEqual({ name: 'Work laptop' })
    expect(await hasPasskey(db(), user.id)).toBe(false)
  })

  it('keeps the last way in: no password, no provider account and one passkey cannot remove it', async () => {
    const user = await createUser({ password_hash: null })
    const identity = await linkIdentity(ctxOf(user), user.id, {
      provider: 'google',
      issuer: 'https://accounts.example.com',
      subject: `s-${user.id}`,
      email: null,
    })
    const first = await withPasskey(user, 'First')
    const second = await withPasskey(user, 'Second')
    await removePasskey(ctxOf(user), user.id, { passkey: first.id })
    // With a passkey, the provider account is no longer the last way in.
    await unlinkIdentity(ctxOf(user), identity)
    await expectCode(removePasskey(ctxOf(user), user.id, { passkey: second.id }), 'PASSKEY_LAST_WAY_IN')
    expect(await hasPasskey(db(), user.id)).toBe(true)
    // A password is a way in too.
    const withPassword = await withPasskey(undefined, 'Only')
    await removePasskey(ctxOf(withPassword.user), withPassword.user.id, { passkey: withPassword.id })
  })
})
