import { REAUTH_PATH } from '~/auth/reauth-url'
import { DomainError } from '~/errors'
import { nowIso } from '~/utils/ids.server'
import type { Ctx } from '../context.server'

/**
 * "Sudo mode" (docs/auth.md "Confirm it's you", ASVS 7.5.1): the changes a stolen session cookie
 * could use to keep a way into the account (adding or removing a passkey, linking or unlinking a
 * provider account, setting up two-step) need a proof of who the user is within the last
 * PROOF_MAX_AGE_SECONDS. The proof's time is kept on the session (`sessions.proved_at`): signing
 * in sets it (auth/session.server.ts createSession), and so does /confirm-identity
 * (confirm-identity.server.ts). A request without a cookie session of the actor (a Bearer token,
 * a context without a session) never has one.
 */
export const PROOF_MAX_AGE_SECONDS = 10 * 60

/** The request's cookie session, when it is the actor's. */
async function actorSession(ctx: Ctx) {
  const state = ctx.session ? await ctx.session() : null
  return state?.status === 'active' && state.idHash && state.user.id === ctx.actor?.id ? state : null
}

/** Whether the actor proved who they are in this session within the last 10 minutes. */
export async function hasRecentProof(ctx: Ctx): Promise<boolean> {
  const provedAt = (await actorSession(ctx))?.provedAt
  if (!provedAt) return false
  return ctx.now.getTime() - new Date(provedAt).getTime() <= PROOF_MAX_AGE_SECONDS * 1000
}

/** The guard of each security change: REAUTH_REQUIRED (403, with `reauthUrl`) without a recent proof. */
export async function requireRecentProof(ctx: Ctx) {
  if (!(await hasRecentProof(ctx))) throw new DomainError('REAUTH_REQUIRED', { reauthUrl: REAUTH_PATH })
}

/**
 * Records a proof the caller has just checked (a password, a code, a passkey, the provider) on the
 * actor's session; false when the request has no cookie session of the actor to record it on.
 */
export async function recordProof(ctx: Ctx): Promise<boolean> {
  const session = await actorSession(ctx)
  if (!session) return false
  await ctx.db
    .updateTable('sessions')
    .set({ proved_at: nowIso(ctx.now) })
    .where('id_hash', '=', session.idHash)
    .where('user_id', '=', session.user.id)
    .execute()
  return true
}
