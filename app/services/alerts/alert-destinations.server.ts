import { nowIso } from '~/utils/ids.server'
import type { AlertTargetType } from './alert-templates'
import { actorOf, type Ctx } from '../context.server'
import { loopVisibilityIn, worksOf } from '../group-work/loop-reads.server'

/**
 * Where an alert leads the user now, decided when the feed renders (the alert stores only what it
 * was about): the pending invitation in the inbox, the group or package they may see, the
 * organization they help run, `gone` when its target was deleted or is no longer theirs to see
 * (the feed says "no longer available" instead of linking to a 404), or `none` (nothing to open
 * and nothing missing: the notice of one's own removal, an unknown kind).
 */
export type AlertDestination =
  | { kind: 'group' | 'package' | 'organization'; id: string }
  | { kind: 'groupInvitations' | 'packageInvitations' | 'gone' | 'none' }
  /** A loop's page. */
  | { kind: 'loop'; groupId: string; id: string }
  /** A group's loops: those on a task (a gathered notice of new loops), or all (free loops). */
  | { kind: 'loops'; groupId: string; taskId: string | null }

export interface AlertRef {
  id: string
  template: string
  target: { type: AlertTargetType; id: string }
  /** The names and ids stored with it (a notice of new loops names its group, latest loop and count). */
  data?: Record<string, unknown>
}

/** What the user may open among the targets of a page of alerts. */
interface Reach {
  groups: Set<string>
  packages: Set<string>
  organizations: Set<string>
  groupInvitations: Set<string>
  packageInvitations: Set<string>
  /** The loops they may see now (id → group id), by loopVisibility. */
  loops: Map<string, string>
  /** The groups whose loops list shows them others' loops (owner, leader, a subscriber). */
  loopLists: Set<string>
}

const idsOf = (alerts: readonly AlertRef[], type: AlertTargetType, templates?: readonly string[]) => [
  ...new Set(alerts.filter((a) => a.target.type === type && (!templates || templates.includes(a.template))).map((a) => a.target.id)),
]

/**
 * Each alert's destination (by alert id), for one page of the feed: at most five queries for the
 * whole page, one per kind of target it holds, never one per alert. The rules are those of the
 * screens: a group is seen by its members and its organization's admins (group-access.server.ts),
 * a package by its owner and collaborators, a draft by editors only (library/access.server.ts),
 * an organization's page by its admins and group creators. An invitation leads to the inbox while
 * it waits for an answer (not used, revoked or expired), then to what it gave access to.
 */
export async function alertDestinations(ctx: Ctx, alerts: readonly AlertRef[]): Promise<Map<string, AlertDestination>> {
  const reach = await reachOf(ctx, alerts)
  return new Map(alerts.map((a) => [a.id, destinationOf(a, reach)]))
}

function destinationOf(alert: AlertRef, reach: Reach): AlertDestination {
  const { type, id } = alert.target
  const open = (kind: 'group' | 'package' | 'organization', set: Set<string>): AlertDestination =>
    set.has(id) ? { kind, id } : { kind: 'gone' }
  switch (alert.template) {
    case 'group.invitation.new':
      return reach.groupInvitations.has(id) ? { kind: 'groupInvitations' } : open('group', reach.groups)
    case 'group.member.removed':
      // The notice is itself the news; it links to the group only if the user is back in it.
      return reach.groups.has(id) ? { kind: 'group', id } : { kind: 'none' }
    case 'group.member.added':
    case 'group.role.changed':
    case 'group.owner.changed':
      return open('group', reach.groups)
    case 'package.invitation.new':
      return reach.packageInvitations.has(id) ? { kind: 'packageInvitations' } : open('package', reach.packages)
    case 'package.shared':
      return open('package', reach.packages)
    case 'organization.groupCreator.added':
      return open('organization', reach.organizations)
    case 'loop.comment':
    case 'loop.approved': {
      const groupId = reach.loops.get(id)
      return groupId ? { kind: 'loop', groupId, id } : { kind: 'gone' }
    }
    case 'loop.new': {
      // One loop: that loop; several (gathered per task and day): the task's loops.
      const latest = typeof alert.data?.loopId === 'string' ? alert.data.loopId : null
      const groupId = type === 'group' ? id : typeof alert.data?.groupId === 'string' ? alert.data.groupId : null
      const count = typeof alert.data?.count === 'number' ? alert.data.count : 1
      if (count <= 1)
        return latest && reach.loops.has(latest) ? { kind: 'loop', groupId: reach.loops.get(latest)!, id: latest } : { kind: 'gone' }
      if (groupId && reach.loopLists.has(groupId)) return { kind: 'loops', groupId, taskId: type === 'task' ? id : null }
      return { kind: 'gone' }
    }
    default:
      if (type === 'group') return open('group', reach.groups)
      if (type === 'package') return open('package', reach.packages)
      return { kind: 'none' }
  }
}

async function reachOf(ctx: Ctx, alerts: readonly AlertRef[]): Promise<Reach> {
  const actor = actorOf(ctx)
  const email = actor.email.toLowerCase()
  const groupIds = idsOf(alerts, 'group')
  const packageIds = idsOf(alerts, 'package')
  const organizationIds = idsOf(alerts, 'organization')
  const invitedGroupIds = idsOf(alerts, 'group', ['group.invitation.new'])
  const invitedPackageIds = idsOf(alerts, 'package', ['package.invitation.new'])
  const [groups, packages, organizations, groupInvitations, packageInvitations] = await Promise.all([
    groupIds.length === 0
      ? []
      : ctx.db
          .selectFrom('groups as g')
          .leftJoin('group_members as gm', (join) => join.onRef('gm.group_id', '=', 'g.id').on('gm.user_id', '=', actor.id))
          .leftJoin('organization_members as om', (join) =>
            join.onRef('om.organization_id', '=', 'g.organization_id').on('om.user_id', '=', actor.id),
          )
          .select('g.id')
          .where('g.id', 'in', groupIds)
          .where((eb) => eb.or([eb('gm.user_id', 'is not', null), eb('om.role', '=', 'admin')]))
          .execute(),
    packageIds.length === 0
      ? []
      : ctx.db
          .selectFrom('packages as p')
          .leftJoin('package_collaborators as pc', (join) => join.onRef('pc.package_id', '=', 'p.id').on('pc.user_id', '=', actor.id))
          .select('p.id')
          .where('p.id', 'in', packageIds)
          .where((eb) =>
            eb.or([
              eb('p.owner_id', '=', actor.id),
              eb('pc.access', '=', 'edit'),
              eb.and([eb('pc.access', '=', 'view'), eb('p.status', '!=', 'draft')]),
            ]),
          )
          .execute(),
    organizationIds.length === 0
      ? []
      : ctx.db
          .selectFrom('organization_members')
          .select('organization_id as id')
          .where('user_id', '=', actor.id)
          .where('organization_id', 'in', organizationIds)
          .where((eb) => eb.or([eb('role', '=', 'admin'), eb('is_group_creator', '=', 1)]))
          .execute(),
    invitedGroupIds.length === 0
      ? []
      : ctx.db
          .selectFrom('invitations')
          .select('group_id as id')
          .where('email', '=', email)
          .where('group_id', 'in', invitedGroupIds)
          .where('used_at', 'is', null)
          .where('revoked_at', 'is', null)
          .where('declined_at', 'is', null)
          .where('expires_at', '>', nowIso(ctx.now))
          .execute(),
    invitedPackageIds.length === 0
      ? []
      : ctx.db
          .selectFrom('package_invitations')
          .select('package_id as id')
          .where('email', '=', email)
          .where('package_id', 'in', invitedPackageIds)
          .where('status', '=', 'pending')
          .execute(),
  ])
  const set = (rows: { id: string | null }[]) => new Set(rows.flatMap((r) => (r.id ? [r.id] : [])))
  const { loops, loopLists } = await loopReachOf(ctx, alerts)
  return {
    loops,
    loopLists,
    groups: set(groups),
    packages: set(packages),
    organizations: set(organizations),
    groupInvitations: set(groupInvitations),
    packageInvitations: set(packageInvitations),
  }
}

/**
 * The loops and loop lists of a page's notices the user may open now: loopVisibility for each group
 * the page names (requireGroupWork once per group), one query for the loops.
 */
async function loopReachOf(ctx: Ctx, alerts: readonly AlertRef[]) {
  const news = alerts.filter((a) => a.template === 'loop.new')
  const loopIds = [
    ...new Set([...idsOf(alerts, 'loop'), ...news.flatMap((a) => (typeof a.data?.loopId === 'string' ? [a.data.loopId] : []))]),
  ]
  const listGroups = news.flatMap((a) =>
    a.target.type === 'group' ? [a.target.id] : typeof a.data?.groupId === 'string' ? [a.data.groupId] : [],
  )
  const loopGroups =
    loopIds.length === 0 ? [] : await ctx.db.selectFrom('loops').select('group_id').distinct().where('id', 'in', loopIds).execute()
  const works = await worksOf(ctx, [...loopGroups.map((r) => r.group_id), ...listGroups])
  const visible =
    loopIds.length === 0 || works.size === 0
      ? []
      : await ctx.db.selectFrom('loops').select(['id', 'group_id']).where('id', 'in', loopIds).where(loopVisibilityIn(works)).execute()
  return {
    loops: new Map(visible.map((r) => [r.id, r.group_id])),
    loopLists: new Set([...works].filter(([, work]) => work.sees === 'all' || work.sees === 'followed').map(([id]) => id)),
  }
}
