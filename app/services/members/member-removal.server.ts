import type { ExpressionBuilder } from 'kysely'
import type { Database } from '~/db/schema'
import { requireOrgAdmin } from '../access.server'
import type { ItemResult } from '../audit.server'
import { lockOrganization, runBulk, uniqueIds, type Tx } from '../bulk.server'
import type { Ctx } from '../context.server'
import { batches, prepared } from '~/db/batches'
import { loadMembers, MEMBER_AUDIT } from './members.server'

/** Which of the users own a group of the organization (a group always keeps its owner). */
async function groupOwners(ctx: Ctx, organizationId: string, ids: string[]) {
  const owners = new Set<string>()
  for (const part of batches(ids)) {
    const rows = await ctx.db
      .selectFrom('groups')
      .select('owner_id')
      .distinct()
      .where('organization_id', '=', organizationId)
      .where('owner_id', 'in', part)
      .execute()
    for (const r of rows) owners.add(r.owner_id)
  }
  return owners
}

/**
 * A group_members row of one of the organization's groups. Written as a correlated `exists` so
 * SQLite reads the rows of the users (group_members_user_group) and checks each group, instead of
 * probing every group of the organization for every user (`group_id in (select …)`: 500,000
 * probes for 500 users and 1,000 groups).
 */
const inOrganizationGroup =
  (organizationId: string) =>
  ({ exists, selectFrom }: ExpressionBuilder<Database, 'group_members'>) =>
    exists(
      selectFrom('groups as g')
        .select('g.id')
        .whereRef('g.id', '=', 'group_members.group_id')
        .where('g.organization_id', '=', organizationId),
    )

/**
 * Removes members from the organization and from its groups (member_count kept right).
 * Per item: MEMBER_NOT_FOUND (not a member of this organization), IS_GROUP_OWNER (owns a group of
 * it: change the owner first), LAST_ADMIN (the organization would have no admin left), or SUCCESS.
 * Up to BULK_BATCH items share a transaction (removeBatch); the checks are repeated inside it,
 * under the organization's lock, so a concurrent change cannot leave a group without its owner or
 * the organization without an admin.
 */
export async function removeMembers(ctx: Ctx, organizationId: string, memberIds: string[]): Promise<ItemResult[]> {
  await requireOrgAdmin(ctx, organizationId)
  return removeOrganizationMembers(ctx, organizationId, memberIds)
}

/**
 * removeMembers for a caller that was authorized another way: the organization's directory over
 * SCIM (services/directory/), whose token belongs to the organization. The same rules and results.
 */
export async function removeOrganizationMembers(ctx: Ctx, organizationId: string, memberIds: string[]): Promise<ItemResult[]> {
  const ids = uniqueIds(memberIds)
  const members = await loadMembers(ctx, organizationId, ids)
  const owners = await groupOwners(ctx, organizationId, [...members.keys()])
  // The membership goes unless the user owns a group of the organization.
  const deleteMember = prepared((id) =>
    ctx.db
      .deleteFrom('organization_members')
      .where('organization_id', '=', organizationId)
      .where('user_id', '=', id)
      .where(({ not, exists, selectFrom }) =>
        not(exists(selectFrom('groups').select('id').where('organization_id', '=', organizationId).where('owner_id', '=', id))),
      ),
  )
  // Group memberships in this organization's groups (not in other organizations' groups).
  const deleteGroupMemberships = prepared((id) =>
    ctx.db.deleteFrom('group_members').where('user_id', '=', id).where(inOrganizationGroup(organizationId)).returning('group_id'),
  )
  const decrementGroup = prepared((groupId) =>
    ctx.db
      .updateTable('groups')
      .set((eb) => ({ member_count: eb('member_count', '-', 1) }))
      .where('id', '=', groupId),
  )
  return runBulk(ctx, {
    organizationId,
    action: MEMBER_AUDIT.remove,
    items: ids,
    ofOrganization: (id) => members.has(id),
    check: (id) => (!members.has(id) ? 'MEMBER_NOT_FOUND' : owners.has(id) ? 'IS_GROUP_OWNER' : undefined),
    item: async (trx, id) => {
      // Serialized with other admins' removals and owner changes: the admins counted and the
      // groups owned below are what is committed.
      await lockOrganization(trx, organizationId)
      if (members.get(id)!.role === 'admin') {
        const [{ admins }] = await trx
          .selectFrom('organization_members')
          .select((eb) => eb.fn.countAll().as('admins'))
          .where('organization_id', '=', organizationId)
          .where('role', '=', 'admin')
          .execute()
        if (Number(admins) <= 1) return 'LAST_ADMIN'
      }
      const deleted = await deleteMember(trx, id)
      if (Number(deleted.numAffectedRows ?? 0) === 0) {
        const owns = await trx
          .selectFrom('groups')
          .select('id')
          .where('organization_id', '=', organizationId)
          .where('owner_id', '=', id)
          .executeTakeFirst()
        return owns ? 'IS_GROUP_OWNER' : 'MEMBER_NOT_FOUND'
      }
      // Exactly the groups whose rows went lose one from their member_count.
      for (const { group_id } of (await deleteGroupMemberships(trx, id)).rows) await decrementGroup(trx, group_id)
      return 'SUCCESS'
    },
    batch: (trx, batch) => removeBatch(trx, organizationId, batch),
  })
}

/**
 * removeMembers' items (at most BULK_BATCH) in one transaction, a few statements whatever their
 * number: the same checks and outcomes as one item after another, in the order asked.
 */
async function removeBatch(trx: Tx, organizationId: string, ids: string[]) {
  await lockOrganization(trx, organizationId)
  const [current, owning] = await Promise.all([
    trx
      .selectFrom('organization_members')
      .select(['user_id', 'role'])
      .where('organization_id', '=', organizationId)
      .where('user_id', 'in', ids)
      .execute(),
    trx
      .selectFrom('groups')
      .select('owner_id')
      .distinct()
      .where('organization_id', '=', organizationId)
      .where('owner_id', 'in', ids)
      .execute(),
  ])
  const roles = new Map(current.map((r) => [r.user_id, r.role]))
  const owners = new Set(owning.map((r) => r.owner_id))
  let admins = Infinity
  if (ids.some((id) => roles.get(id) === 'admin')) {
    const [{ n }] = await trx
      .selectFrom('organization_members')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('organization_id', '=', organizationId)
      .where('role', '=', 'admin')
      .execute()
    admins = Number(n)
  }
  const outcomes = ids.map((id) => {
    if (!roles.has(id)) return 'MEMBER_NOT_FOUND'
    if (owners.has(id)) return 'IS_GROUP_OWNER'
    if (roles.get(id) === 'admin') {
      if (admins <= 1) return 'LAST_ADMIN'
      admins--
    }
    return 'SUCCESS'
  })
  const removed = ids.filter((_, i) => outcomes[i] === 'SUCCESS')
  if (removed.length === 0) return outcomes
  // Group memberships in this organization's groups; each group loses as many as went.
  const left = await trx
    .deleteFrom('group_members')
    .where('user_id', 'in', removed)
    .where(inOrganizationGroup(organizationId))
    .returning('group_id')
    .execute()
  const lostByGroup = new Map<string, number>()
  for (const { group_id } of left) lostByGroup.set(group_id, (lostByGroup.get(group_id) ?? 0) + 1)
  // One update per distinct loss (most groups lose 1 or 2), each over at most CHUNK groups.
  const groupsByLoss = new Map<number, string[]>()
  for (const [groupId, lost] of lostByGroup) groupsByLoss.set(lost, [...(groupsByLoss.get(lost) ?? []), groupId])
  for (const [lost, groupIds] of groupsByLoss) {
    for (const part of batches(groupIds)) {
      await trx
        .updateTable('groups')
        .set((eb) => ({ member_count: eb('member_count', '-', lost) }))
        .where('id', 'in', part)
        .execute()
    }
  }
  await trx.deleteFrom('organization_members').where('organization_id', '=', organizationId).where('user_id', 'in', removed).execute()
  return outcomes
}
