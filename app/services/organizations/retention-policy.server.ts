import { sql } from 'kysely'
import { requireOrgAdmin } from '../access.server'
import { recordAudit } from '../audit.server'
import { lockOrganization } from '../bulk.server'
import type { Ctx } from '../context.server'
import type { RetentionPolicyInput } from '../group-work/retention.schemas'

/**
 * An organization's retention policy (docs/group-work.md "Retention"): the period its new groups
 * start with and the longest any of its groups may keep loops. Its admins read and set it.
 */

export async function getRetentionPolicy(ctx: Ctx, organizationId: string) {
  await requireOrgAdmin(ctx, organizationId)
  const row = await ctx.db
    .selectFrom('organizations')
    .select(['retention_default_months', 'retention_max_months'])
    .where('id', '=', organizationId)
    .executeTakeFirstOrThrow()
  return { defaultMonths: Number(row.retention_default_months), maxMonths: Number(row.retention_max_months) }
}

/**
 * Sets the policy, audited as organization.retention. A maximum lower than some groups' periods
 * shortens those to it at once (the job then removes what is older); returns how many changed.
 */
export async function setRetentionPolicy(ctx: Ctx, organizationId: string, input: RetentionPolicyInput) {
  await requireOrgAdmin(ctx, organizationId)
  return ctx.db.transaction().execute(async (trx) => {
    await lockOrganization(trx, organizationId)
    await trx
      .updateTable('organizations')
      .set({ retention_default_months: input.defaultMonths, retention_max_months: input.maxMonths })
      .where('id', '=', organizationId)
      .execute()
    const shortened = await trx
      .updateTable('groups')
      .set({ retention_months: sql<number>`${input.maxMonths}` })
      .where('organization_id', '=', organizationId)
      .where('retention_months', '>', input.maxMonths)
      .executeTakeFirst()
    const groupsShortened = Number(shortened.numUpdatedRows)
    await recordAudit(
      { ...ctx, db: trx },
      { organizationId, action: 'organization.retention', items: [organizationId], result: { SUCCESS: 1, ...input, groupsShortened } },
    )
    return { ...input, groupsShortened }
  })
}

/** The period a new group of the organization starts with (the services that create groups set it). */
export async function defaultRetentionMonths(db: Ctx['db'], organizationId: string) {
  const row = await db.selectFrom('organizations').select('retention_default_months').where('id', '=', organizationId).executeTakeFirst()
  return Number(row?.retention_default_months ?? 3)
}
