import type { AuthenticationResponseJSON, PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/server'
import { consume, PASSKEY_OPTIONS_PER_CLIENT } from '~/auth/rate-limit.server'
import { DomainError } from '~/errors'
import { nowIso } from '~/utils/ids.server'
import type { Ctx } from '../context.server'
import { webAuthnServer } from './library.server'
import { CHALLENGE_TTL_SECONDS, challengeOf, spendChallenge, storeChallenge } from './challenges.server'
import { passkeyByCredentialId } from './passkeys.server'
import { relyingParty } from './relying-party.server'
import { userHandleJsonOf } from './user-handle.server'

/**
 * The options of a passkey sign-in (navigator.credentials.get, also for the browser's autofill):
 * no allowed credentials listed (discoverable credentials: the authenticator offers the passkeys
 * it holds for our RP id, and the answer names its user), user verification preferred. The
 * challenge names nobody and is kept for one use within 5 minutes. Per client at most 300 a minute
 * (TOO_MANY_ATTEMPTS with retryAt), so nobody fills the challenge table.
 */
export async function passkeySignInOptions(ctx: Ctx): Promise<PublicKeyCredentialRequestOptionsJSON> {
  await consume(ctx.db, `passkey-options:client:${ctx.client}`, PASSKEY_OPTIONS_PER_CLIENT, ctx.now)
  const rp = relyingParty()
  const { generateAuthenticationOptions } = await webAuthnServer()
  const options = await generateAuthenticationOptions({ rpID: rp.id, userVerification: 'preferred', timeout: CHALLENGE_TTL_SECONDS * 1000 })
  await storeChallenge(ctx.db, options.challenge, 'authentication', null, ctx.now)
  return options
}

/**
 * Verifies a passkey sign-in and answers the user to start a session for. The challenge is spent
 * first (once, within 5 minutes: PASSKEY_CHALLENGE_INVALID). The passkey must be one we know, its
 * user handle must name its owner (a passkey of another user, or one made for another account,
 * is refused), and the response must come from our origin for our RP id with the user verified,
 * so the sign-in counts as two factors (possession of the passkey, and the PIN or biometrics that
 * unlocked it). Anything else is PASSKEY_INVALID. Updates the counter, the backup flag and the
 * last use.
 */
export async function signInWithPasskey(ctx: Ctx, response: AuthenticationResponseJSON) {
  const challenge = challengeOf(response?.response?.clientDataJSON)
  await spendChallenge(ctx.db, challenge, 'authentication', null, ctx.now)
  if (typeof response.id !== 'string' || !response.id) throw new DomainError('PASSKEY_INVALID')
  const passkey = await passkeyByCredentialId(ctx.db, response.id)
  if (!passkey) throw new DomainError('PASSKEY_INVALID')
  if (!response.response.userHandle || response.response.userHandle !== userHandleJsonOf(passkey.user_id))
    throw new DomainError('PASSKEY_INVALID')
  const rp = relyingParty()
  const { verifyAuthenticationResponse } = await webAuthnServer()
  const verification = await verifyAuthenticationResponse({
    response,
    expectedChallenge: challenge,
    expectedOrigin: rp.origin,
    expectedRPID: rp.id,
    requireUserVerification: true,
    credential: {
      id: passkey.credential_id,
      publicKey: new Uint8Array(Buffer.from(passkey.public_key, 'base64url')),
      counter: Number(passkey.counter),
      transports: JSON.parse(passkey.transports) as never,
    },
  }).catch(() => null)
  if (!verification?.verified) throw new DomainError('PASSKEY_INVALID')
  const { newCounter, credentialBackedUp } = verification.authenticationInfo
  await ctx.db
    .updateTable('passkeys')
    .set({ counter: newCounter, backed_up: credentialBackedUp ? 1 : 0, last_used_at: nowIso(ctx.now) })
    .where('id', '=', passkey.id)
    .execute()
  const user = await ctx.db.selectFrom('users').selectAll().where('id', '=', passkey.user_id).executeTakeFirst()
  if (!user) throw new DomainError('PASSKEY_INVALID')
  return user
}
