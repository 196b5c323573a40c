import type { DB } from '~/db/db.server'
import { DomainError } from '~/errors'
import type { Ctx } from '../context.server'
import { requireSelf } from '../profile/profile.server'
import { waysIn } from '../accounts/ways-in.server'
import { requireRecentProof } from '../accounts/recent-proof.server'
import { sendSecurityNotice } from '../accounts/security-notices.server'

/** What the security screen shows of a passkey: no key material, no credential id. */
export interface PasskeyListItem {
  _id: string
  name: string
  created: string
  lastUsed: string | null
  /** Synced across the user's devices (a password manager, iCloud Keychain, Google Password Manager). */
  backedUp: boolean
}

/** Whether the user has a passkey (the organization policy counts one as strong authentication). */
export async function hasPasskey(db: DB, userId: string): Promise<boolean> {
  const row = await db.selectFrom('passkeys').select('id').where('user_id', '=', userId).limit(1).executeTakeFirst()
  return !!row
}

/** The user's own passkeys, oldest first; another user's list is USER_NOT_FOUND. */
export async function listPasskeys(ctx: Ctx, userId: string): Promise<PasskeyListItem[]> {
  const user = requireSelf(ctx, userId)
  const rows = await ctx.db
    .selectFrom('passkeys')
    .select(['id', 'name', 'created_at', 'last_used_at', 'backed_up'])
    .where('user_id', '=', user.id)
    .orderBy('created_at')
    .orderBy('id')
    .execute()
  return rows.map((r) => ({ _id: r.id, name: r.name, created: r.created_at, lastUsed: r.last_used_at, backedUp: !!Number(r.backed_up) }))
}

/** Renames one of the user's passkeys; another user's (or an unknown one) is NOT_FOUND. */
export async function renamePasskey(ctx: Ctx, userId: string, input: { passkey: string; name: string }) {
  const user = requireSelf(ctx, userId)
  const result = await ctx.db
    .updateTable('passkeys')
    .set({ name: input.name })
    .where('id', '=', input.passkey)
    .where('user_id', '=', user.id)
    .executeTakeFirst()
  if (Number(result.numUpdatedRows) !== 1) throw new DomainError('NOT_FOUND')
}

/**
 * Removes one of the user's passkeys; another user's (or an unknown one) is NOT_FOUND. The last
 * way in stays (ways-in.server.ts): an account without a password or provider account keeps its
 * only passkey (PASSKEY_LAST_WAY_IN). It needs a recent proof (REAUTH_REQUIRED,
 * accounts/recent-proof.server.ts), and the owner is told by email. Answers the removed passkey's name.
 */
export async function removePasskey(ctx: Ctx, userId: string, input: { passkey: string }) {
  const user = requireSelf(ctx, userId)
  await requireRecentProof(ctx)
  const removed = await ctx.db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('passkeys')
      .select(['id', 'name'])
      .where('id', '=', input.passkey)
      .where('user_id', '=', user.id)
      .executeTakeFirst()
    if (!row) throw new DomainError('NOT_FOUND')
    if ((await waysIn(trx, user.id)) <= 1) throw new DomainError('PASSKEY_LAST_WAY_IN')
    await trx.deleteFrom('passkeys').where('id', '=', row.id).where('user_id', '=', user.id).execute()
    return { name: row.name }
  })
  await sendSecurityNotice(ctx, user.id, 'passkey-removed', { what: removed.name })
  return removed
}

/** The passkey of a credential id, for a sign-in. */
export const passkeyByCredentialId = (db: DB, credentialId: string) =>
  db.selectFrom('passkeys').selectAll().where('credential_id', '=', credentialId).executeTakeFirst()
