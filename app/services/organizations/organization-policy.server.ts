import type { TwoStepPolicy } from '~/db/schema'
import { DomainError } from '~/errors'
import { requireOrgAdmin } from '../access.server'
import { POLICY_CHANGED } from '../audit-actions'
import { recordAudit } from '../audit.server'
import { actorOf, type Ctx } from '../context.server'
import {
  currentSessionMeetsPolicy,
  isTwoStepPolicy,
  policyCovers,
  requireStrongAuthFor,
  strongAuthenticationOf,
} from '../two-step/strong-auth.server'

/** The organization's two-step policy and how many of those it covers have two-step on (its admins only). */
export async function getTwoStepPolicy(ctx: Ctx, organizationId: string) {
  const org = await requireOrgAdmin(ctx, organizationId)
  const policy = (isTwoStepPolicy(org.two_step_policy) ? org.two_step_policy : 'off') as TwoStepPolicy
  const admins = await ctx.db
    .selectFrom('organization_members')
    .select('user_id')
    .where('organization_id', '=', organizationId)
    .where('role', '=', 'admin')
    .execute()
  const withTwoStep = await strongAuthenticationOf(
    ctx.db,
    admins.map((a) => a.user_id),
  )
  return { policy, admins: admins.length, adminsWithTwoStep: withTwoStep.size }
}

/**
 * Sets who must have two-step verification or a passkey ('off', 'admins',
 * 'admins-and-group-creators'), audited with the old and the new value. An admin who turns it on
 * must meet it themselves (else they would lock themselves out of this very screen):
 * STRONG_AUTH_REQUIRED, nothing changed. Setting the value it has changes nothing and audits nothing.
 */
export async function setTwoStepPolicy(ctx: Ctx, organizationId: string, policy: string) {
  const org = await requireOrgAdmin(ctx, organizationId)
  if (!isTwoStepPolicy(policy)) throw new DomainError('BAD_REQUEST', { errors: { policy: ['validation.required'] } })
  if (org.two_step_policy === policy) return { policy, changed: false }
  if (policy !== 'off') await requireStrongAuthFor(ctx, { ...org, two_step_policy: policy }, { role: 'admin', is_group_creator: 0 })
  await ctx.db.transaction().execute(async (trx) => {
    await trx.updateTable('organizations').set({ two_step_policy: policy }).where('id', '=', organizationId).execute()
    await recordAudit(
      { ...ctx, db: trx },
      {
        organizationId,
        action: POLICY_CHANGED,
        items: [organizationId],
        result: { SUCCESS: 1, from: org.two_step_policy, to: policy },
      },
    )
  })
  return { policy, changed: true }
}

/** Of these members of the organization, the ids of those with two-step verification on (the admins' list). */
export async function twoStepAmong(ctx: Ctx, organizationId: string, userIds: readonly string[]) {
  await requireOrgAdmin(ctx, organizationId)
  return strongAuthenticationOf(ctx.db, userIds)
}

/**
 * For the security screen a policy sent someone to (`?requiredBy=<id>`): the organization's name,
 * if its policy covers the actor there; null for anyone else (so the parameter reveals nothing).
 */
export async function policyRequiring(ctx: Ctx, organizationId: string) {
  const row = await ctx.db
    .selectFrom('organization_members as m')
    .innerJoin('organizations as o', 'o.id', 'm.organization_id')
    .select(['o.id', 'o.name', 'o.two_step_policy', 'm.role', 'm.is_group_creator'])
    .where('m.organization_id', '=', organizationId)
    .where('m.user_id', '=', actorOf(ctx).id)
    .executeTakeFirst()
  if (!row || !policyCovers(row.two_step_policy, row)) return null
  return { organizationId: row.id, name: row.name, met: await currentSessionMeetsPolicy(ctx) }
}
