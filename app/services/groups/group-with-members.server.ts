import type { GroupKind, GroupRole } from '~/db/schema'
import { DomainError } from '~/errors'
import { newId, nowIso } from '~/utils/ids.server'
import { requireActiveOrganization } from '../access.server'
import { recordAudit, tally, type ItemResult } from '../audit.server'
import { lockOrganization } from '../bulk.server'
import { createAlerts } from '../alerts/alerts.server'
import { actorOf, type Ctx } from '../context.server'
import { defaultGroupName, requireGroupCreation } from './group-creation.server'
import { uniq, type GroupListItem } from './groups.server'
import { memberIdsByEmail } from '../members/members.server'
import type { MemberRole } from './groups.schemas'
import { batches } from '~/db/batches'
import { defaultRetentionMonths } from '~/services/organizations/retention-policy.server'

/*
 * Creating a group with its owner and members, from the API (member ids) or the screens (email
 * addresses). Who may create groups of which kind: group-creation.server.ts.
 */

export interface CreateGroupInput {
  /** Without one, the group gets a default name in its owner's language (defaultGroupName). */
  name?: string
  kind: GroupKind
  groupOwnerId: string
  memberIdsWithRoles: Record<string, MemberRole>
}

/**
 * Creates a group with an owner and members (POST …/create-group-with-members and
 * …/create-attendance-group-with-members). The owner must be a member of the organization, or
 * nothing is created (OWNER_NOT_MEMBER). Members outside the organization fail per item
 * (MEMBER_NOT_FOUND) and the group is created with the others, in one transaction. The owner
 * named again among the members stays the owner (their item is SUCCESS).
 * Admins and group creators get here; attendance groups need that permission too
 * (requireGroupCreation). Not in an inactive organization (ORGANIZATION_INACTIVE).
 * Everyone added except the actor gets a `group.member.added` alert, in the same transaction.
 */
export async function createGroupWithMembers(
  ctx: Ctx,
  organizationId: string,
  input: CreateGroupInput,
): Promise<{ group: GroupListItem; membersResults: ItemResult[] }> {
  await requireGroupCreation(ctx, organizationId, input.kind)
  return createGroup(ctx, organizationId, input, [])
}

/**
 * Creates the group (access already checked); `unresolved` are members that failed before (for
 * the audit). Who is a member is read inside the transaction, under the organization's lock
 * (lockOrganization): a member removed while the group is being created is either still a member
 * when it commits, or answered MEMBER_NOT_FOUND (OWNER_NOT_MEMBER for the owner), never added.
 * The audit entry commits with the group.
 */
async function createGroup(ctx: Ctx, organizationId: string, input: CreateGroupInput, unresolved: ItemResult[]) {
  const memberIds = Object.keys(input.memberIdsWithRoles)
  const wanted = uniq([input.groupOwnerId, ...memberIds])
  const now = nowIso(ctx.now)
  const groupId = newId()
  return ctx.db.transaction().execute(async (trx) => {
    await lockOrganization(trx, organizationId)
    await requireActiveOrganization(trx, organizationId)
    const inOrg = new Map<string, { id: string; name: string; email: string; locale: string; timezone: string }>()
    for (const batch of batches(wanted, 1000)) {
      const rows = await trx
        .selectFrom('organization_members as m')
        .innerJoin('users as u', 'u.id', 'm.user_id')
        .select(['u.id', 'u.name', 'u.email', 'u.locale', 'u.timezone'])
        .where('m.organization_id', '=', organizationId)
        .where('m.user_id', 'in', batch)
        .execute()
      for (const r of rows) inOrg.set(r.id, r)
    }
    const owner = inOrg.get(input.groupOwnerId)
    if (!owner) throw new DomainError('OWNER_NOT_MEMBER')
    const name = input.name?.trim() || defaultGroupName(owner.locale, owner.timezone, ctx.now)

    const membersResults: ItemResult[] = memberIds.map((id) => ({ _id: id, result: inOrg.has(id) ? 'SUCCESS' : 'MEMBER_NOT_FOUND' }))
    const rows = [
      { group_id: groupId, user_id: owner.id, role: 'owner' as GroupRole, created_at: now },
      ...memberIds
        .filter((id) => inOrg.has(id) && id !== owner.id)
        .map((id) => ({ group_id: groupId, user_id: id, role: input.memberIdsWithRoles[id] as GroupRole, created_at: now })),
    ]
    await trx
      .insertInto('groups')
      .values({
        id: groupId,
        organization_id: organizationId,
        name,
        kind: input.kind,
        owner_id: owner.id,
        active: 1,
        member_count: rows.length,
        latest_activity_at: null,
        created_at: now,
        retention_months: await defaultRetentionMonths(trx, organizationId),
      })
      .execute()
    // 4 columns per row: 500 rows stay well under the bound-parameter limits.
    for (const part of batches(rows)) await trx.insertInto('group_members').values(part).execute()
    await createAlerts(
      trx,
      rows.map((r) => ({
        userId: r.user_id,
        template: 'group.member.added' as const,
        target: { type: 'group' as const, id: groupId },
        organizationId,
        actorId: actorOf(ctx).id,
        data: { groupName: name, role: r.role },
      })),
      ctx.now,
    )
    await recordAudit(
      { ...ctx, db: trx },
      {
        organizationId,
        action: input.kind === 'attendance' ? 'groups.create-attendance' : 'groups.create',
        items: [groupId],
        result: { members: tally([...membersResults, ...unresolved]) },
      },
    )
    const group: GroupListItem = {
      _id: groupId,
      name,
      kind: input.kind,
      created: now,
      active: true,
      owner: { _id: owner.id, name: owner.name, email: owner.email },
      memberCount: rows.length,
      latestActivity: null,
    }
    return { group, membersResults }
  })
}

/**
 * The screen's create form: owner and members given by email, resolved to members of the
 * organization in one query. An unknown owner address is OWNER_NOT_MEMBER; an unknown member
 * address fails that member (its result `_id` is the address) while the group is created.
 */
export async function createGroupWithMemberEmails(
  ctx: Ctx,
  organizationId: string,
  input: { name?: string; kind: GroupKind; ownerEmail: string; members: { email: string; role: MemberRole }[] },
) {
  await requireGroupCreation(ctx, organizationId, input.kind)
  const byEmail = await memberIdsByEmail(ctx, organizationId, [input.ownerEmail, ...input.members.map((m) => m.email)])
  const ownerId = byEmail.get(input.ownerEmail.toLowerCase())
  if (!ownerId) throw new DomainError('OWNER_NOT_MEMBER')
  const memberIdsWithRoles: Record<string, MemberRole> = {}
  const unknown: (ItemResult & { email: string })[] = []
  for (const m of input.members) {
    const id = byEmail.get(m.email.toLowerCase())
    if (id) memberIdsWithRoles[id] = m.role
    else unknown.push({ _id: m.email, email: m.email, result: 'MEMBER_NOT_FOUND' })
  }
  const { group, membersResults } = await createGroup(
    ctx,
    organizationId,
    { name: input.name, kind: input.kind, groupOwnerId: ownerId, memberIdsWithRoles },
    unknown,
  )
  const emailById = new Map([...byEmail].map(([email, id]) => [id, email]))
  return { group, membersResults: [...membersResults.map((r) => ({ ...r, email: emailById.get(r._id) ?? '' })), ...unknown] }
}
