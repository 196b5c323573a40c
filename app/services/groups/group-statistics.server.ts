import type { GroupRole } from '~/db/schema'
import { requireOrgAdmin } from '../access.server'
import type { Ctx } from '../context.server'
import { uniq } from './groups.server'

export interface GroupStatistics {
  latestActivity: string | null
  /** Everyone in the group, the owner included (groups.member_count). */
  members: number
  /** Members by group role. */
  roles: Record<GroupRole, number>
  active: boolean
}

/**
 * Group statistics by group id (spec section 3). Ids of other organizations and unknown ids are
 * simply absent. Two queries, whatever the number of ids.
 */
export async function groupStatistics(ctx: Ctx, organizationId: string, groupIds: string[]): Promise<Record<string, GroupStatistics>> {
  await requireOrgAdmin(ctx, organizationId)
  const ids = uniq(groupIds)
  const stats: Record<string, GroupStatistics> = {}
  if (ids.length === 0) return stats
  const groups = await ctx.db
    .selectFrom('groups')
    .select(['id', 'latest_activity_at', 'member_count', 'active'])
    .where('organization_id', '=', organizationId)
    .where('id', 'in', ids)
    .execute()
  if (groups.length === 0) return stats
  const roleCounts = await ctx.db
    .selectFrom('group_members')
    .select((eb) => ['group_id', 'role', eb.fn.countAll<number | string>().as('n')])
    .where(
      'group_id',
      'in',
      groups.map((g) => g.id),
    )
    .groupBy(['group_id', 'role'])
    .execute()
  for (const g of groups) {
    stats[g.id] = {
      latestActivity: g.latest_activity_at,
      members: Number(g.member_count),
      roles: { owner: 0, leader: 0, member: 0, subscriber: 0 },
      active: g.active === 1,
    }
  }
  for (const r of roleCounts) {
    const s = stats[r.group_id]
    if (s && r.role in s.roles) s.roles[r.role] = Number(r.n)
  }
  return stats
}
