import type { PublicKeyCredentialCreationOptionsJSON, RegistrationResponseJSON } from '@simplewebauthn/server'
import { DomainError } from '~/errors'
import { newId, nowIso } from '~/utils/ids.server'
import type { Ctx } from '../context.server'
import { requireSelf } from '../profile/profile.server'
import { webAuthnServer } from './library.server'
import { CHALLENGE_TTL_SECONDS, challengeOf, spendChallenge, storeChallenge } from './challenges.server'
import { relyingParty } from './relying-party.server'
import { userHandleOf } from './user-handle.server'
import { sendSecurityNotice } from '../accounts/security-notices.server'
import { requireRecentProof } from '../accounts/recent-proof.server'

/** ES256 (-7), EdDSA (-8) and RS256 (-257): what platform authenticators and security keys offer. */
const ALGORITHMS = [-7, -8, -257]

/**
 * The options of adding a passkey (the browser's navigator.credentials.create): a discoverable
 * credential (resident key required, so signing in needs no email), user verification preferred,
 * no attestation (we trust the user's choice of authenticator), the user's passkeys excluded (one
 * authenticator holds one passkey of an account). The challenge is kept for one use within 5 minutes.
 * Adding a passkey needs a recent proof (REAUTH_REQUIRED, accounts/recent-proof.server.ts).
 */
export async function passkeyRegistrationOptions(ctx: Ctx, userId: string): Promise<PublicKeyCredentialCreationOptionsJSON> {
  const user = requireSelf(ctx, userId)
  await requireRecentProof(ctx)
  const rp = relyingParty()
  const existing = await ctx.db.selectFrom('passkeys').select(['credential_id', 'transports']).where('user_id', '=', user.id).execute()
  const { generateRegistrationOptions } = await webAuthnServer()
  const options = await generateRegistrationOptions({
    rpName: rp.name,
    rpID: rp.id,
    userID: userHandleOf(user.id),
    userName: user.email,
    userDisplayName: user.name,
    attestationType: 'none',
    timeout: CHALLENGE_TTL_SECONDS * 1000,
    supportedAlgorithmIDs: ALGORITHMS,
    excludeCredentials: existing.map((p) => ({ id: p.credential_id, transports: JSON.parse(p.transports) as never })),
    authenticatorSelection: { residentKey: 'required', requireResidentKey: true, userVerification: 'preferred' },
  })
  await storeChallenge(ctx.db, options.challenge, 'registration', user.id, ctx.now)
  return options
}

/**
 * Verifies the browser's answer to the options above and keeps the passkey under `name`. The
 * challenge is spent first (once, this user's, within 5 minutes: PASSKEY_CHALLENGE_INVALID);
 * the response must come from our origin for our RP id, with the user verified (a passkey sign-in
 * counts as two factors) and a discoverable credential; anything else is PASSKEY_INVALID, and so
 * is a credential already registered (to anyone).
 */
export async function registerPasskey(ctx: Ctx, userId: string, input: { name: string; response: RegistrationResponseJSON }) {
  const user = requireSelf(ctx, userId)
  await requireRecentProof(ctx)
  const challenge = challengeOf(input.response?.response?.clientDataJSON)
  await spendChallenge(ctx.db, challenge, 'registration', user.id, ctx.now)
  const rp = relyingParty()
  const { verifyRegistrationResponse } = await webAuthnServer()
  const verification = await verifyRegistrationResponse({
    response: input.response,
    expectedChallenge: challenge,
    expectedOrigin: rp.origin,
    expectedRPID: rp.id,
    requireUserVerification: true,
    supportedAlgorithmIDs: ALGORITHMS,
  }).catch(() => null)
  if (!verification?.verified || !verification.registrationInfo) throw new DomainError('PASSKEY_INVALID')
  const { credential, credentialDeviceType, credentialBackedUp, aaguid } = verification.registrationInfo
  // The browser reports whether the credential is discoverable; a non-resident one could not sign in without an email.
  if (input.response.clientExtensionResults?.credProps?.rk === false) throw new DomainError('PASSKEY_INVALID')
  const taken = await ctx.db.selectFrom('passkeys').select('id').where('credential_id', '=', credential.id).executeTakeFirst()
  if (taken) throw new DomainError('PASSKEY_INVALID')
  const id = newId()
  await ctx.db
    .insertInto('passkeys')
    .values({
      id,
      user_id: user.id,
      credential_id: credential.id,
      public_key: Buffer.from(credential.publicKey).toString('base64url'),
      counter: credential.counter,
      device_type: credentialDeviceType,
      backed_up: credentialBackedUp ? 1 : 0,
      transports: JSON.stringify(credential.transports ?? input.response.response.transports ?? []),
      aaguid: aaguid ?? null,
      name: input.name,
      created_at: nowIso(ctx.now),
      last_used_at: null,
    })
    .execute()
  await sendSecurityNotice(ctx, user.id, 'passkey-added')
  return { _id: id, name: input.name }
}
