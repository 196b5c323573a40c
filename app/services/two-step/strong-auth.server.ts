import type { SignInMethod } from '~/auth/session.server'
import type { DB } from '~/db/db.server'
import type { TwoStepPolicy } from '~/db/schema'
import { DomainError } from '~/errors'
import { TWO_STEP_POLICIES } from '../organizations/organizations.schemas'
import { actorOf, type Ctx } from '../context.server'
import { isTwoStepEnabled } from './totp.server'

/**
 * The organization policy (docs/auth.md "Organization policy"): an organization can
 * require two-step verification (an authenticator app) or a passkey of its admins, and optionally
 * of its group creators. Someone the policy covers meets it when
 * - this session was signed in with a second factor (the password and a code, or a passkey), or
 *   the user turned two-step on during it (currentSessionMeetsPolicy), or
 * - this session was signed in through single sign-on: the provider answers for
 *   its own second factor (the e-ID is two-factor by nature; Google and Microsoft accounts follow
 *   their organization's policy).
 * Anyone else (a session signed in with the password alone, or from before the sign-in method was
 * recorded) is STRONG_AUTH_REQUIRED before the organization's administration: screens send them to
 * set it up (`setupUrl`), API calls answer 403.
 */
export const isTwoStepPolicy = (value: unknown): value is TwoStepPolicy => TWO_STEP_POLICIES.includes(value as TwoStepPolicy)

/** A session signed in with a second factor (a code after the password, a passkey) or through single sign-on meets the policy by itself. */
export const sessionMeetsPolicy = (method: SignInMethod | string | null | undefined) =>
  method === 'two-step' || method === 'passkey' || (typeof method === 'string' && method.startsWith('sso:'))

/**
 * Whether the actor's current session meets a two-step policy: signed in that way
 * (sessionMeetsPolicy), or signed in with the password and two-step turned on since (enrolment
 * proved a code of the app, and every later sign-in asks for one). A passkey the user owns does
 * not make a password-only session meet it: that session proved one factor (sign in with the
 * passkey instead).
 */
export async function currentSessionMeetsPolicy(ctx: Ctx): Promise<boolean> {
  if (sessionMeetsPolicy(await sessionMethodOf(ctx))) return true
  return isTwoStepEnabled(ctx.db, actorOf(ctx).id)
}

/** Whether the policy covers a member with this standing. */
export function policyCovers(policy: string, standing: { role: string; is_group_creator: number | string | bigint }) {
  if (policy === 'admins') return standing.role === 'admin'
  if (policy === 'admins-and-group-creators') return standing.role === 'admin' || Number(standing.is_group_creator) === 1
  return false
}

/** The screen where someone the policy covers sets two-step up, and comes back from. */
export const strongAuthSetupUrl = (userId: string, organizationId: string, redirectTo = `/organizations/${organizationId}`) =>
  `/users/${encodeURIComponent(userId)}/preferences/security?requiredBy=${encodeURIComponent(
    organizationId,
  )}&redirectTo=${encodeURIComponent(redirectTo)}#prefs-two-step`

/** The sign-in method of the request's session, when the context knows it (null otherwise: taken as a password). */
async function sessionMethodOf(ctx: Ctx): Promise<string | null> {
  const state = ctx.session ? await ctx.session() : null
  return state?.status === 'active' && state.user.id === ctx.actor?.id ? state.method : null
}

/**
 * The gate: STRONG_AUTH_REQUIRED (403, with `organizationId` and `setupUrl`) when the
 * organization's policy covers the actor's standing there and neither they nor this session meet
 * it. Standing is what the caller found (admin, or group creator); nothing is revealed to anyone
 * the caller has not already let in.
 */
export async function requireStrongAuthFor(
  ctx: Ctx,
  org: { id: string; two_step_policy?: string | null },
  standing: { role: string; is_group_creator: number | string | bigint },
) {
  if (await meetsPolicyOf(ctx, org, standing)) return
  const actor = actorOf(ctx)
  throw new DomainError('STRONG_AUTH_REQUIRED', { organizationId: org.id, setupUrl: strongAuthSetupUrl(actor.id, org.id) })
}

/** Whether the actor, with this standing in the organization, may use it: the policy does not cover them, or they meet it. */
export async function meetsPolicyOf(
  ctx: Ctx,
  org: { two_step_policy?: string | null },
  standing: { role: string; is_group_creator: number | string | bigint },
) {
  return !policyCovers(org.two_step_policy ?? 'off', standing) || (await currentSessionMeetsPolicy(ctx))
}

/**
 * The gate for a user and organization by id (the API's router, for every call under
 * /api/…/organizations/:organizationId): reads their standing there; nobody else is stopped here.
 */
export async function requireStrongAuthInOrganization(ctx: Ctx, organizationId: string) {
  const actor = actorOf(ctx)
  const row = await ctx.db
    .selectFrom('organization_members as m')
    .innerJoin('organizations as o', 'o.id', 'm.organization_id')
    .select(['o.id', 'o.two_step_policy', 'm.role', 'm.is_group_creator'])
    .where('m.organization_id', '=', organizationId)
    .where('m.user_id', '=', actor.id)
    .executeTakeFirst()
  if (row) await requireStrongAuthFor(ctx, row, row)
}

/** Whether each of these users has two-step verification or a passkey (for the admins' and group creators' lists). */
export async function strongAuthenticationOf(db: DB, userIds: readonly string[]): Promise<Set<string>> {
  if (userIds.length === 0) return new Set()
  const [totp, passkeys] = await Promise.all([
    db.selectFrom('user_totp').select('user_id').where('user_id', 'in', userIds).where('confirmed_at', 'is not', null).execute(),
    db.selectFrom('passkeys').select('user_id').distinct().where('user_id', 'in', userIds).execute(),
  ])
  return new Set([...totp, ...passkeys].map((r) => r.user_id))
}
