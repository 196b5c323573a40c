import { randomBytes } from 'node:crypto'
import type { Insertable } from 'kysely'
import type { AlertTemplate } from '~/services/alerts/alert-templates'
import type { Database } from '~/db/schema'
import { newId } from '~/utils/ids.server'

const DAY = 86_400_000
const iso = (ms: number) => new Date(ms).toISOString()

type Group = Insertable<Database['groups']>
type GroupMember = Insertable<Database['group_members']>
type Alert = Insertable<Database['alerts']>
type AuditRow = Insertable<Database['audit_log']>

export interface DemoPeople {
  adminId: string
  erikId: string
  emmaId: string
}

/** Alerts each demo user has not seen yet: the newest ones, after their "seen up to" mark. */
const UNSEEN_PER_USER = 2
/** The newest alerts of one template kept per demo user (a feed, not a log of every change). */
const ALERTS_PER_TEMPLATE = 6

/**
 * What happened to the demo users in the demo organization, told as alerts and pending group
 * invitations that agree with the seeded rows, one alert per event: a member is told they were
 * added, with the role they have, when their group_members row was made (by the group's owner),
 * Erik that he became a group creator a day after he joined, Emma of each pending invitation when
 * it was made. Each demo user's
 * `alerts_seen_at` lies before their newest UNSEEN_PER_USER alerts, so the header shows a count.
 */
export function demoStory(input: {
  organizationId: string
  organizationName: string
  now: number
  people: DemoPeople
  joinedAt: Map<string, number>
  groups: Group[]
  groupMembers: GroupMember[]
  rnd: { int: (min: number, max: number) => number }
  invitationDays: number
}) {
  const { organizationId, organizationName, now, people, groups, groupMembers } = input
  const groupById = new Map(groups.map((g) => [g.id!, g]))
  const alerts: Alert[] = []
  const alert = (
    userId: string,
    template: AlertTemplate,
    at: number,
    actorId: string | null,
    target: { type: string; id: string },
    data: object,
  ) =>
    alerts.push({
      id: newId(),
      user_id: userId,
      template,
      actor_id: actorId,
      organization_id: organizationId,
      target_type: target.type,
      target_id: target.id,
      data: JSON.stringify(data),
      created_at: iso(Math.min(at, now)),
    })

  // The organization's audit log agrees with the same events (the admin's "Audit log" is not empty).
  const audit: AuditRow[] = []
  const audited = (actorId: string, action: string, at: number, items: string[], result: object) =>
    audit.push({
      id: newId(),
      organization_id: organizationId,
      actor_id: actorId,
      action,
      items: JSON.stringify(items),
      result: JSON.stringify(result),
      created_at: iso(Math.min(at, now)),
    })

  const demoIds = new Set(Object.values(people))
  for (const row of groupMembers) {
    if (!demoIds.has(row.user_id) || row.role === 'owner') continue
    const group = groupById.get(row.group_id)!
    const at = Date.parse(row.created_at)
    // One event, one alert: a leader was added as a leader (not as a member, then promoted).
    alert(
      row.user_id,
      'group.member.added',
      at,
      group.owner_id,
      { type: 'group', id: group.id! },
      { groupName: group.name, role: row.role },
    )
  }
  alert(
    people.erikId,
    'organization.groupCreator.added',
    input.joinedAt.get(people.erikId)! + DAY,
    people.adminId,
    { type: 'organization', id: organizationId },
    { organizationName },
  )
  audited(people.adminId, 'groupCreators.add', input.joinedAt.get(people.erikId)! + DAY, [people.erikId], { SUCCESS: 1 })

  // Pending invitations to groups Emma is not in yet (active ones), by their owners, this week.
  const emmaGroups = new Set(groupMembers.filter((r) => r.user_id === people.emmaId).map((r) => r.group_id))
  const invitations: Insertable<Database['invitations']>[] = []
  for (const group of groups.filter((g) => g.active === 1 && !emmaGroups.has(g.id!)).slice(0, 2)) {
    const created = Math.max(Date.parse(group.created_at), now - input.rnd.int(0, 3) * DAY - input.rnd.int(0, DAY - 1))
    invitations.push({
      id: newId(),
      organization_id: organizationId,
      group_id: group.id!,
      type: 'email',
      email: 'emma@example.se',
      group_creator: 0,
      code_hash: randomBytes(32).toString('hex'),
      created_by: group.owner_id,
      created_at: iso(created),
      expires_at: iso(created + input.invitationDays * DAY),
    })
    alert(
      people.emmaId,
      'group.invitation.new',
      created,
      group.owner_id,
      { type: 'group', id: group.id! },
      { groupName: group.name, organizationName },
    )
    audited(group.owner_id, 'invitation.create', created, [invitations[invitations.length - 1]!.id!], {
      SUCCESS: 1,
      type: 'email',
      groupId: group.id,
    })
  }

  // Keep the newest few per user and template; the seen mark sits before each user's newest ones.
  const kept: Alert[] = []
  const seenAt = new Map<string, string>()
  for (const userId of demoIds) {
    const mine = alerts.filter((a) => a.user_id === userId).sort((a, b) => b.created_at.localeCompare(a.created_at))
    const perTemplate = new Map<string, number>()
    const chosen = mine.filter((a) => {
      const n = (perTemplate.get(a.template) ?? 0) + 1
      perTemplate.set(a.template, n)
      return n <= ALERTS_PER_TEMPLATE
    })
    kept.push(...chosen)
    const firstUnseen = chosen[Math.min(UNSEEN_PER_USER, chosen.length) - 1]
    if (firstUnseen) seenAt.set(userId, iso(Date.parse(firstUnseen.created_at) - 1000))
  }
  return { alerts: kept, invitations, seenAt, audit }
}
