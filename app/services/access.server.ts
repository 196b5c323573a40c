import { DomainError } from '~/errors'
import { actorOf, memoized, type Ctx } from './context.server'

/**
 * The organization, if the actor administers it. Anyone else (plain member, admin of another
 * organization, unknown id) gets ORGANIZATION_NOT_FOUND: we do not even say that it exists.
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
  return org
}
