import type { AuthenticationResponseJSON } from '@simplewebauthn/server'
import { DomainError } from '~/errors'
import { actorOf, type Ctx } from '../context.server'
import { signInWithPasskey } from '../passkeys/authentication.server'
import { hasPasskey } from '../passkeys/passkeys.server'
import { confirmPassword } from '../profile/profile.server'
import { confirmOwnCode, isTwoStepEnabled } from '../two-step/totp.server'
import { listIdentities, PROVIDER_LABELS } from './user-identities.server'
import { recordProof } from './recent-proof.server'

/**
 * The proofs /confirm-identity takes (docs/auth.md "Confirm it's you"): the password, a current
 * code of the authenticator app, or one of the user's passkeys; each is counted and checked as
 * at sign-in, and a good one is recorded on the session (recent-proof.server.ts). An account with
 * none of them signs in with its provider again (intent "reauth", auth/sso/complete-callback).
 */
export type Proof = { password: string } | { code: string } | { passkey: AuthenticationResponseJSON }

/** What the actor can prove with: the page offers these. */
export async function proofOptions(ctx: Ctx) {
  const actor = actorOf(ctx)
  const [twoStep, passkey, identities] = await Promise.all([
    isTwoStepEnabled(ctx.db, actor.id),
    hasPasskey(ctx.db, actor.id),
    listIdentities(ctx),
  ])
  return {
    password: !!actor.password_hash,
    code: twoStep,
    passkey,
    providers: identities.map((i) => ({ id: i.provider, label: PROVIDER_LABELS[i.provider] ?? i.provider })),
  }
}

/** Checks a proof of the actor and records it; WRONG_PASSWORD, CODE_INVALID, PASSKEY_INVALID, TOO_MANY_ATTEMPTS otherwise. */
export async function confirmIdentity(ctx: Ctx, proof: Proof) {
  const actor = actorOf(ctx)
  if ('password' in proof) {
    // An account without a password has none to confirm with (the same answer as a wrong one).
    if (!actor.password_hash) throw new DomainError('WRONG_PASSWORD')
    await confirmPassword(ctx, proof.password)
  } else if ('code' in proof) {
    await confirmOwnCode(ctx, actor.id, proof.code)
  } else {
    // The same ceremony as a passkey sign-in, but the passkey must be the actor's own.
    const owner = await signInWithPasskey(ctx, proof.passkey)
    if (owner.id !== actor.id) throw new DomainError('PASSKEY_INVALID')
  }
  if (!(await recordProof(ctx))) throw new DomainError('SESSION_NOT_FOUND')
}
