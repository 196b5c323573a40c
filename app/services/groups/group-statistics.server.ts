import type { GroupRole } from '~/db/schema'
import { requireOrgAdmin } from '../access.server'
import type { Ctx } from '../context.server'
import { uniq } from './groups.server'

export interface GroupStatistics {
  /** The group's latest activity: its own (members, settings) or the latest loop, comment, approval or edit of a loop. */
  latestActivity: string | null
  /** The group's loops, and the comments on them (loops.comment_count), as activity. */
  loops: number
  comments: number
  /** Everyone in the group, the owner included (groups.member_count). */
  members: number
  /** Members by group role. */
  roles: Record<GroupRole, number>
  active: boolean
}

/**
 * Group statistics by group id (spec section 3). Ids of other organizations and unknown ids are
 * simply absent. Loops and their comments count as activity: latestActivity is the later of the
 * group's own and its loops' `activity_at` (a loop's writing, edit, comment or approval). Three
 * queries, whatever the number of ids.
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
  const loopCounts = await ctx.db
    .selectFrom('loops')
    .select((eb) => [
      'group_id',
      eb.fn.countAll<number | string>().as('loops'),
      eb.fn.sum<number | string | null>('comment_count').as('comments'),
      eb.fn.max('activity_at').as('latest'),
    ])
    .where(
      'group_id',
      'in',
      groups.map((g) => g.id),
    )
    .groupBy('group_id')
    .execute()
  for (const g of groups) {
    stats[g.id] = {
      latestActivity: g.latest_activity_at,
      loops: 0,
      comments: 0,
      members: Number(g.member_count),
      roles: { owner: 0, leader: 0, member: 0, subscriber: 0 },
      active: g.active === 1,
    }
  }
  for (const r of roleCounts) {
    const s = stats[r.group_id]
    if (s && r.role in s.roles) s.roles[r.role] = Number(r.n)
  }
  for (const l of loopCounts) {
    const s = stats[l.group_id]
    if (!s) continue
    s.loops = Number(l.loops)
    s.comments = Number(l.comments ?? 0)
    const latest = l.latest === null ? null : String(l.latest)
    if (latest && (!s.latestActivity || latest > s.latestActivity)) s.latestActivity = latest
  }
  return stats
}
