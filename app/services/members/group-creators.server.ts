import { requireActiveOrgAdmin, requireOrgAdmin } from '../access.server'
import type { ItemResult } from '../audit.server'
import { runBulk, uniqueIds, type Tx } from '../bulk.server'
import { createAlerts } from '../alerts/alerts.server'
import { actorOf, type Ctx } from '../context.server'
import { prepared } from '~/db/batches'
import { loadMembers, MEMBER_AUDIT, memberIdsByEmail } from './members.server'

/** Sets the group-creator flag of members to `value`; an item already at `value` is reported. */
async function setGroupCreator(ctx: Ctx, organizationId: string, memberIds: string[], value: boolean) {
  // The right to create groups is not given in an inactive organization (it may be taken away).
  const organization = await (value ? requireActiveOrgAdmin : requireOrgAdmin)(ctx, organizationId)
  const ids = uniqueIds(memberIds)
  const members = await loadMembers(ctx, organizationId, ids)
  const wrongState = value ? 'ALREADY_GROUP_CREATOR' : 'NOT_GROUP_CREATOR'
  // Losing the right to create groups takes the attendance permission with it.
  const change = value ? { is_group_creator: 1 } : { is_group_creator: 0, may_create_attendance: 0 }
  // A new group creator hears of it (organization.groupCreator.added), in the change's transaction.
  const alertNew = (trx: Tx, userIds: string[]) =>
    value
      ? createAlerts(
          trx,
          userIds.map((userId) => ({
            userId,
            template: 'organization.groupCreator.added' as const,
            target: { type: 'organization' as const, id: organizationId },
            organizationId,
            actorId: actorOf(ctx).id,
            data: { organizationName: organization.name },
          })),
          ctx.now,
        )
      : Promise.resolve(0)
  // Conditional on the current flag, so a concurrent change is reported, not repeated.
  const update = prepared((id) =>
    ctx.db
      .updateTable('organization_members')
      .set(change)
      .where('organization_id', '=', organizationId)
      .where('user_id', '=', id)
      .where('is_group_creator', '=', value ? 0 : 1),
  )
  return runBulk(ctx, {
    organizationId,
    action: value ? MEMBER_AUDIT.addGroupCreators : MEMBER_AUDIT.removeGroupCreators,
    items: ids,
    ofOrganization: (id) => members.has(id),
    check: (id) => {
      const member = members.get(id)
      if (!member) return 'MEMBER_NOT_FOUND'
      return member.isGroupCreator === value ? wrongState : undefined
    },
    item: async (trx, id) => {
      const updated = await update(trx, id)
      if (Number(updated.numAffectedRows ?? 0) === 1) {
        await alertNew(trx, [id])
        return 'SUCCESS'
      }
      const still = await trx
        .selectFrom('organization_members')
        .select('user_id')
        .where('organization_id', '=', organizationId)
        .where('user_id', '=', id)
        .executeTakeFirst()
      return still ? wrongState : 'MEMBER_NOT_FOUND'
    },
    // Many at once: one conditional update, then why the others were not changed.
    batch: async (trx, batch) => {
      const changed = await trx
        .updateTable('organization_members')
        .set(change)
        .where('organization_id', '=', organizationId)
        .where('user_id', 'in', batch)
        .where('is_group_creator', '=', value ? 0 : 1)
        .returning('user_id')
        .execute()
      const done = new Set(changed.map((r) => r.user_id))
      await alertNew(trx, [...done])
      const rest = batch.filter((id) => !done.has(id))
      const still = new Set(
        rest.length === 0
          ? []
          : (
              await trx
                .selectFrom('organization_members')
                .select('user_id')
                .where('organization_id', '=', organizationId)
                .where('user_id', 'in', rest)
                .execute()
            ).map((r) => r.user_id),
      )
      return batch.map((id) => (done.has(id) ? 'SUCCESS' : still.has(id) ? wrongState : 'MEMBER_NOT_FOUND'))
    },
  })
}

/**
 * Makes members group creators: MEMBER_NOT_FOUND, ALREADY_GROUP_CREATOR or SUCCESS per item; not
 * in an inactive organization (ORGANIZATION_INACTIVE).
 */
export const addGroupCreators = (ctx: Ctx, organizationId: string, memberIds: string[]) =>
  setGroupCreator(ctx, organizationId, memberIds, true)

/** Takes the group-creator right away: MEMBER_NOT_FOUND, NOT_GROUP_CREATOR or SUCCESS per item. */
export const removeGroupCreators = (ctx: Ctx, organizationId: string, memberIds: string[]) =>
  setGroupCreator(ctx, organizationId, memberIds, false)

/** A per-item result of adding group creators by email: the address, and the member's id when found. */
export interface EmailItemResult extends ItemResult {
  email: string
}

/**
 * Makes the members with these email addresses group creators (the group-creators page's form).
 * An address that is not a member's is MEMBER_NOT_FOUND (its `_id` is the address); the others
 * get addGroupCreators' per-item result.
 */
export async function addGroupCreatorsByEmail(ctx: Ctx, organizationId: string, emails: string[]): Promise<EmailItemResult[]> {
  await requireActiveOrgAdmin(ctx, organizationId)
  const wanted = uniqueIds(emails.map((e) => e.trim().toLowerCase()))
  const idByEmail = await memberIdsByEmail(ctx, organizationId, wanted)
  const results = idByEmail.size > 0 ? await addGroupCreators(ctx, organizationId, [...idByEmail.values()]) : []
  const resultById = new Map(results.map((r) => [r._id, r.result]))
  return wanted.map((email) => {
    const id = idByEmail.get(email)
    return id ? { email, _id: id, result: resultById.get(id) ?? 'MEMBER_NOT_FOUND' } : { email, _id: email, result: 'MEMBER_NOT_FOUND' }
  })
}
