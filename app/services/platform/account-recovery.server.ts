import { DomainError } from '~/errors'
import { newId, nowIso } from '~/utils/ids.server'
import { recordAudit } from '../audit.server'
import { sendSecurityNotice } from '../accounts/security-notices.server'
import { actorOf, type Ctx } from '../context.server'
import { requirePlatformAdmin } from './platform.server'
import { IDENTITY_CHECKS_MAX, IDENTITY_CHECKS_MIN } from './platform.schemas'

/**
 * Lost every factor (ASVS 6.4.4, docs/security.md "Lost every factor: the support procedure"): a
 * person with two-step verification who has lost the app and the recovery codes, and has no
 * passkey or provider account left, asks support; a platform admin checks who they are, writes
 * down how, and resets the account's sign-in factors. The reset removes two-step verification
 * (the key and the recovery codes), every passkey and every linked provider account, and ends
 * every session; the password stays (the person signs in with it, or sets one through "Forgot
 * password", which proves the mailbox). It is kept in `account_recoveries` (who, when, the checks,
 * what was removed), recorded in the audit log of each organization the person belongs to, and
 * the owner is emailed in their language.
 */

/** What a reset removed. */
export interface AccountRecoveryRemoved {
  twoStep: boolean
  recoveryCodes: number
  passkeys: number
  providers: string[]
  sessions: number
}

/** An account as the recovery screen shows it: its ways in, and its earlier resets. */
export interface RecoveryAccount {
  _id: string
  name: string
  email: string
  created: string
  hasPassword: boolean
  twoStep: boolean
  recoveryCodesLeft: number
  passkeys: number
  providers: string[]
  sessions: number
  /** The person's organizations and their role there: whom to ask to confirm a request. */
  organizations: { _id: string; name: string; role: string }[]
  recoveries: { _id: string; actor: string | null; created: string; identityChecks: string; removed: AccountRecoveryRemoved }[]
}

/** The audit log's action: the platform reset a member's sign-in factors. */
export const ACCOUNT_RESET_AUDIT = 'platform.account.reset'

const count = (n: { n: number | string | bigint } | undefined) => Number(n?.n ?? 0)

/** The account with this email address (exactly, any case), or null. */
export async function findAccountForRecovery(ctx: Ctx, email: string): Promise<RecoveryAccount | null> {
  requirePlatformAdmin(ctx)
  const user = await ctx.db
    .selectFrom('users')
    .select(['id', 'name', 'email', 'created_at', 'password_hash'])
    .where('email', '=', email.trim().toLowerCase())
    .executeTakeFirst()
  if (!user) return null
  const db = ctx.db
  const [totp, codes, passkeys, providers, sessions, organizations, recoveries] = await Promise.all([
    db.selectFrom('user_totp').select('confirmed_at').where('user_id', '=', user.id).executeTakeFirst(),
    db
      .selectFrom('recovery_codes')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', user.id)
      .where('used_at', 'is', null)
      .executeTakeFirst(),
    db
      .selectFrom('passkeys')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', user.id)
      .executeTakeFirst(),
    db.selectFrom('user_identities').select('provider').where('user_id', '=', user.id).orderBy('provider').execute(),
    db
      .selectFrom('sessions')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', user.id)
      .where('expires_at', '>', nowIso(ctx.now))
      .executeTakeFirst(),
    db
      .selectFrom('organization_members as m')
      .innerJoin('organizations as o', 'o.id', 'm.organization_id')
      .select(['o.id', 'o.name', 'm.role'])
      .where('m.user_id', '=', user.id)
      .orderBy('o.name')
      .orderBy('o.id')
      .execute(),
    db
      .selectFrom('account_recoveries as r')
      .leftJoin('users as a', 'a.id', 'r.actor_id')
      .select(['r.id', 'r.created_at', 'r.identity_checks', 'r.removed', 'a.name as actor'])
      .where('r.user_id', '=', user.id)
      .orderBy('r.created_at', 'desc')
      .orderBy('r.id', 'desc')
      .execute(),
  ])
  return {
    _id: user.id,
    name: user.name,
    email: user.email,
    created: user.created_at,
    hasPassword: !!user.password_hash,
    twoStep: !!totp?.confirmed_at,
    recoveryCodesLeft: count(codes),
    passkeys: count(passkeys),
    providers: providers.map((p) => p.provider),
    sessions: count(sessions),
    organizations: organizations.map((o) => ({ _id: o.id, name: o.name, role: o.role })),
    recoveries: recoveries.map((r) => ({
      _id: r.id,
      actor: r.actor,
      created: r.created_at,
      identityChecks: r.identity_checks,
      removed: JSON.parse(r.removed) as AccountRecoveryRemoved,
    })),
  }
}

/**
 * Resets the account's sign-in factors (see above), in one transaction with its records and the
 * owner's email. NOT_FOUND for an unknown account; ACCOUNT_RECOVERY_OWN for the admin's own (another
 * platform admin does it: nobody vouches for themself). Answers what was removed.
 */
export async function resetSignInFactors(ctx: Ctx, userId: string, identityChecks: string): Promise<AccountRecoveryRemoved> {
  requirePlatformAdmin(ctx)
  const actor = actorOf(ctx)
  const checks = identityChecks.trim()
  if (checks.length < IDENTITY_CHECKS_MIN || checks.length > IDENTITY_CHECKS_MAX) throw new DomainError('BAD_REQUEST')
  if (userId === actor.id) throw new DomainError('ACCOUNT_RECOVERY_OWN')
  return ctx.db.transaction().execute(async (trx) => {
    const user = await trx.selectFrom('users').select('id').where('id', '=', userId).executeTakeFirst()
    if (!user) throw new DomainError('NOT_FOUND')
    const totp = await trx.deleteFrom('user_totp').where('user_id', '=', userId).returning('confirmed_at').execute()
    const codes = await trx.deleteFrom('recovery_codes').where('user_id', '=', userId).where('used_at', 'is', null).executeTakeFirst()
    await trx.deleteFrom('recovery_codes').where('user_id', '=', userId).execute()
    const passkeys = await trx.deleteFrom('passkeys').where('user_id', '=', userId).executeTakeFirst()
    await trx.deleteFrom('passkey_challenges').where('user_id', '=', userId).execute()
    const providers = await trx.deleteFrom('user_identities').where('user_id', '=', userId).returning('provider').execute()
    // A sign-in waiting for its second step would ask for a code that no longer exists.
    await trx.deleteFrom('tokens').where('user_id', '=', userId).where('purpose', '=', 'second-factor').execute()
    const sessions = await trx.deleteFrom('sessions').where('user_id', '=', userId).executeTakeFirst()
    const removed: AccountRecoveryRemoved = {
      twoStep: totp.some((t) => !!t.confirmed_at),
      recoveryCodes: Number(codes.numDeletedRows),
      passkeys: Number(passkeys.numDeletedRows),
      providers: providers.map((p) => p.provider).sort(),
      sessions: Number(sessions.numDeletedRows),
    }
    await trx
      .insertInto('account_recoveries')
      .values({
        id: newId(),
        user_id: userId,
        actor_id: actor.id,
        identity_checks: checks,
        removed: JSON.stringify(removed),
        created_at: nowIso(ctx.now),
      })
      .execute()
    // The organizations' admins see it (not the checks, which are the platform's notes about the person).
    const organizations = await trx.selectFrom('organization_members').select('organization_id').where('user_id', '=', userId).execute()
    const inTrx = { ...ctx, db: trx }
    for (const { organization_id } of organizations) {
      await recordAudit(inTrx, { organizationId: organization_id, action: ACCOUNT_RESET_AUDIT, items: [userId], result: { ...removed } })
    }
    await sendSecurityNotice(inTrx, userId, 'factors-reset')
    return removed
  })
}
