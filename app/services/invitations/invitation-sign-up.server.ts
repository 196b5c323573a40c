import { issueToken } from '~/auth/tokens.server'
import { DomainError } from '~/errors'
import { nowIso } from '~/utils/ids.server'
import type { Ctx } from '../context.server'
import { actorOf } from '../context.server'
import { preview, redeemInvitationCodeHash, type InvitationPreview, type RedeemResult } from './invitation-redemption.server'

/*
 * A sign-up with an invitation code: the code (kept as its hash by the verification token) is not
 * redeemed when the address is verified. It waits, as a token of its own for the new user
 * (purpose 'join-invitation', whose secret nobody needs: the signed-in user is the key), until
 * the user, signed in, answers the same confirmation as for a link (/invitation-code).
 */

/** Keeps a verified sign-up's invitation for the user to confirm once signed in. */
export async function keepSignUpInvitation(ctx: Ctx, userId: string, codeHashes: string[]) {
  await issueToken(ctx.db, userId, 'join-invitation', { invitationCodeHashes: codeHashes }, ctx.now)
}

/** The actor's waiting sign-up invitation (its token's id and the code's hashes), if any. */
async function pendingSignUpInvitation(ctx: Ctx) {
  const row = await ctx.db
    .selectFrom('tokens')
    .select(['id', 'data'])
    .where('user_id', '=', actorOf(ctx).id)
    .where('purpose', '=', 'join-invitation')
    .where('used_at', 'is', null)
    .where('expires_at', '>', nowIso(ctx.now))
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .executeTakeFirst()
  const hashes = row?.data ? (JSON.parse(row.data) as { invitationCodeHashes?: unknown }).invitationCodeHashes : undefined
  return row && Array.isArray(hashes) && hashes.every((h) => typeof h === 'string') ? { id: row.id, codeHashes: hashes as string[] } : null
}

/**
 * What the actor's waiting sign-up invitation would do, or null when none waits. It throws the
 * redeem errors (used, already a member, ...) as the preview of a code does; it is not counted
 * against the redeem limits, since the hash came from our own sign-up, not from a guess.
 */
export async function previewSignUpInvitation(ctx: Ctx): Promise<InvitationPreview | null> {
  const pending = await pendingSignUpInvitation(ctx)
  return pending ? preview(ctx, pending.codeHashes) : null
}

/**
 * Redeems the actor's waiting sign-up invitation, once confirmed. It is settled either way: a
 * redeem error (other than TOO_MANY_ATTEMPTS, which may pass) is shown once and not offered again.
 */
export async function redeemSignUpInvitation(ctx: Ctx): Promise<RedeemResult> {
  const pending = await pendingSignUpInvitation(ctx)
  if (!pending) throw new DomainError('INVITATION_NOT_FOUND')
  try {
    const result = await redeemInvitationCodeHash(ctx, pending.codeHashes)
    await settle(ctx, pending.id)
    return result
  } catch (error) {
    if (error instanceof DomainError && error.code !== 'TOO_MANY_ATTEMPTS') await settle(ctx, pending.id)
    throw error
  }
}

/** Declines the actor's waiting sign-up invitation ("Not now"): the code in their email still works. */
export async function dismissSignUpInvitation(ctx: Ctx) {
  await ctx.db
    .updateTable('tokens')
    .set({ used_at: nowIso(ctx.now) })
    .where('user_id', '=', actorOf(ctx).id)
    .where('purpose', '=', 'join-invitation')
    .where('used_at', 'is', null)
    .execute()
}

async function settle(ctx: Ctx, tokenId: string) {
  await ctx.db
    .updateTable('tokens')
    .set({ used_at: nowIso(ctx.now) })
    .where('id', '=', tokenId)
    .execute()
}
