import { nowIso } from '~/utils/ids.server'
import { isOrganizationActive, requireActiveOrgAdmin } from '../access.server'
import type { ItemResult } from '../audit.server'
import { lockOrganization, Rollback, runBulk, type Tx } from '../bulk.server'
import { createAlerts } from '../alerts/alerts.server'
import type { Ctx } from '../context.server'
import { selectGroups, toGroup, uniq, type GroupListItem, type GroupRow } from './groups.server'
import { isMember } from '../members/members.server'
import type { OldOwnerRole, OwnerChange } from './groups.schemas'

/** Sets member_count to the number of group_members rows of the group; returns it. */
async function recountMembers(trx: Tx, groupId: string) {
  const row = await trx
    .updateTable('groups')
    .set((eb) => ({
      member_count: eb
        .selectFrom('group_members')
        .select((s) => s.fn.countAll<number>().as('n'))
        .where('group_id', '=', groupId),
    }))
    .where('id', '=', groupId)
    .returning('member_count')
    .executeTakeFirstOrThrow()
  return Number(row.member_count)
}

/** What an owner change's result carries besides `_id` and `result`. */
export interface OwnerChangeFields {
  /** The group after the change (null when the item failed). */
  group: GroupListItem | null
  oldOwnerRemoved: boolean
}
export type OwnerChangeResult = ItemResult & OwnerChangeFields

/**
 * Changes the owners of groups (PUT …/groups/change-owners). The new owner must be a member of
 * the organization; they join the group if needed and get the role 'owner'. The old owner keeps
 * `oldOwnerRole`, or leaves the group with REMOVE. A group always keeps exactly one owner.
 * Every change is an item, in the order given (a group named twice is changed twice). Not in an
 * inactive organization (ORGANIZATION_INACTIVE; an item that finds it deactivated meanwhile
 * answers that code).
 */
export async function changeGroupOwners(ctx: Ctx, organizationId: string, changeList: OwnerChange[]): Promise<OwnerChangeResult[]> {
  await requireActiveOrgAdmin(ctx, organizationId)
  const groupIds = uniq(changeList.map((c) => c.groupId))
  const ownerIds = uniq(changeList.map((c) => c.newOwnerId).filter(Boolean))
  const [groups, owners] = await Promise.all([
    groupIds.length ? selectGroups(ctx.db, organizationId).where('g.id', 'in', groupIds).execute() : Promise.resolve([] as GroupRow[]),
    ownerIds.length
      ? ctx.db
          .selectFrom('organization_members as m')
          .innerJoin('users as u', 'u.id', 'm.user_id')
          .select(['u.id', 'u.name', 'u.email'])
          .where('m.organization_id', '=', organizationId)
          .where('m.user_id', 'in', ownerIds)
          .execute()
      : Promise.resolve([]),
  ])
  const groupById = new Map(groups.map((g) => [g.id, g]))
  const ownerById = new Map(owners.map((o) => [o.id, o]))
  return runBulk<OwnerChange, OwnerChangeFields>(ctx, {
    organizationId,
    action: 'groups.change-owners',
    items: changeList,
    idOf: (change) => change.groupId,
    ofOrganization: (change) => groupById.has(change.groupId),
    failed: { group: null, oldOwnerRemoved: false },
    check: (change) =>
      !groupById.has(change.groupId) ? 'GROUP_NOT_FOUND' : !ownerById.has(change.newOwnerId) ? 'MEMBER_NOT_FOUND' : undefined,
    item: async (trx, change) => {
      const group = groupById.get(change.groupId)!
      const newOwner = ownerById.get(change.newOwnerId)!
      // The new owner may have been removed since the list was loaded: check again, locked
      // against concurrent removals, so a group never ends up owned by a non-member.
      await lockOrganization(trx, organizationId)
      if (!(await isOrganizationActive(trx, organizationId))) return 'ORGANIZATION_INACTIVE'
      if (!(await isMember(trx, organizationId, newOwner.id))) return 'MEMBER_NOT_FOUND'
      const { memberCount, oldOwnerRemoved } = await changeOwner(trx, ctx, organizationId, change.groupId, newOwner.id, change.oldOwnerRole)
      const updated = { ...group, owner_id: newOwner.id, owner_name: newOwner.name, owner_email: newOwner.email, member_count: memberCount }
      // A later change of the same group starts from this one.
      groupById.set(change.groupId, updated)
      return { result: 'SUCCESS', group: toGroup(updated), oldOwnerRemoved }
    },
    auditResult: (results) => ({ oldOwnersRemoved: results.filter((r) => r.oldOwnerRemoved).length }),
  })
}

/**
 * One owner change inside its transaction; the owner is read again here, not trusted from before.
 * The new and the old owner get the alert group.owner.changed in the same transaction. Shared by
 * the organization's change-owners and a group owner's hand-over (group-home.server.ts).
 */
export async function changeOwner(
  trx: Tx,
  ctx: Ctx,
  organizationId: string,
  groupId: string,
  newOwnerId: string,
  oldOwnerRole: OldOwnerRole,
) {
  const group = await trx
    .selectFrom('groups')
    .select(['owner_id', 'name'])
    .where('id', '=', groupId)
    .where('organization_id', '=', organizationId)
    .executeTakeFirst()
  if (!group) throw new Rollback('GROUP_NOT_FOUND')
  const oldOwnerId = group.owner_id
  if (oldOwnerId === newOwnerId) throw new Rollback('ALREADY_GROUP_OWNER')
  const now = nowIso(ctx.now)

  await trx
    .insertInto('group_members')
    .values({ group_id: groupId, user_id: newOwnerId, role: 'owner', created_at: now })
    .onConflict((oc) => oc.columns(['group_id', 'user_id']).doUpdateSet({ role: 'owner' }))
    .execute()
  if (oldOwnerRole === 'REMOVE') {
    await trx.deleteFrom('group_members').where('group_id', '=', groupId).where('user_id', '=', oldOwnerId).execute()
  } else {
    await trx
      .insertInto('group_members')
      .values({ group_id: groupId, user_id: oldOwnerId, role: oldOwnerRole, created_at: now })
      .onConflict((oc) => oc.columns(['group_id', 'user_id']).doUpdateSet({ role: oldOwnerRole }))
      .execute()
  }
  await trx.updateTable('groups').set({ owner_id: newOwnerId }).where('id', '=', groupId).execute()
  const memberCount = await recountMembers(trx, groupId)
  const alert = {
    template: 'group.owner.changed' as const,
    target: { type: 'group' as const, id: groupId },
    organizationId,
    actorId: ctx.actor?.id ?? null,
  }
  await createAlerts(
    trx,
    [newOwnerId, oldOwnerId].map((userId) => ({
      ...alert,
      userId,
      data: { groupName: group.name, role: userId === newOwnerId ? 'owner' : oldOwnerRole === 'REMOVE' ? null : oldOwnerRole },
    })),
    ctx.now,
  )
  return { memberCount, oldOwnerRemoved: oldOwnerRole === 'REMOVE' }
}
