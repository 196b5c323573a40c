import type { DB } from '~/db/db.server'
import { DomainError } from '~/errors'
import { actorOf, memoized, type Ctx } from './context.server'
import { requireStrongAuthFor } from './two-step/strong-auth.server'

/**
 * The organization, if the actor administers it. Anyone else (plain member, admin of another
 * organization, unknown id) gets ORGANIZATION_NOT_FOUND: we do not even say that it exists. An
 * admin the organization's two-step policy stops gets STRONG_AUTH_REQUIRED
 * (two-step/strong-auth.server.ts).
 */
export function requireOrgAdmin(ctx: Ctx, organizationId: string) {
  const actor = actorOf(ctx)
  return memoized(ctx, `org-admin:${actor.id}:${organizationId}`, () => findAdministeredOrg(ctx, actor.id, organizationId))
}

async function findAdministeredOrg(ctx: Ctx, actorId: string, organizationId: string) {
  const org = await ctx.db
    .selectFrom('organizations')
    .innerJoin('organization_members as m', 'm.organization_id', 'organizations.id')
    .selectAll('organizations')
    .where('organizations.id', '=', organizationId)
    .where('m.user_id', '=', actorId)
    .where('m.role', '=', 'admin')
    .executeTakeFirst()
  if (!org) throw new DomainError('ORGANIZATION_NOT_FOUND')
  // The organization's two-step policy (STRONG_AUTH_REQUIRED), for every admin screen and call.
  await requireStrongAuthFor(ctx, org, { role: 'admin', is_group_creator: 0 })
  return org
}

/**
 * The organization, if the actor administers it and it is active: what an admin may not do in an
 * inactive organization (create groups, invite, add group creators, change owners, activate
 * groups; docs/organizations.md) answers ORGANIZATION_INACTIVE, and changes nothing.
 */
export async function requireActiveOrgAdmin(ctx: Ctx, organizationId: string) {
  const org = await requireOrgAdmin(ctx, organizationId)
  if (Number(org.active) !== 1) throw new DomainError('ORGANIZATION_INACTIVE')
  return org
}

/**
 * ORGANIZATION_INACTIVE unless the organization is active, read through `db`: inside a
 * transaction after lockOrganization, the flag cannot change before the transaction commits
 * (on PostgreSQL, deactivating updates the locked row and so waits for it).
 */
export async function requireActiveOrganization(db: DB, organizationId: string) {
  if (!(await isOrganizationActive(db, organizationId))) throw new DomainError('ORGANIZATION_INACTIVE')
}

/** Whether the organization is active (false for an unknown id), read through `db` (see requireActiveOrganization). */
export async function isOrganizationActive(db: DB, organizationId: string) {
  const org = await db.selectFrom('organizations').select('active').where('id', '=', organizationId).executeTakeFirst()
  return Number(org?.active) === 1
}
