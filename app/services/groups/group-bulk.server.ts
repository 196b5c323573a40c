import { requireActiveOrgAdmin, requireOrgAdmin } from '../access.server'
import type { ItemResult } from '../audit.server'
import { runBulk } from '../bulk.server'
import type { Ctx } from '../context.server'
import { uniq } from './groups.server'

/* The groups screen's bulk actions set-active and delete (owner changes: group-owners.server.ts). */

/** The ids among `groupIds` that are groups of the organization (one query). */
async function groupsOfOrganization(ctx: Ctx, organizationId: string, groupIds: string[]) {
  if (groupIds.length === 0) return new Map<string, string>()
  const rows = await ctx.db
    .selectFrom('groups')
    .select(['id', 'name'])
    .where('organization_id', '=', organizationId)
    .where('id', 'in', groupIds)
    .execute()
  return new Map(rows.map((r) => [r.id, r.name]))
}

/** Names kept in a deletion's audit entry (id → name), so the log can name what is gone: as many as its CSV names. */
const RECORDED_NAMES = 20

/** Sets the active flag of groups (PUT …/groups/set-active); activating needs an active organization. */
export async function setGroupsActive(ctx: Ctx, organizationId: string, groupIds: string[], active: boolean): Promise<ItemResult[]> {
  // An inactive organization's groups may be deactivated, not activated.
  await (active ? requireActiveOrgAdmin : requireOrgAdmin)(ctx, organizationId)
  const found = await groupsOfOrganization(ctx, organizationId, uniq(groupIds))
  return runBulk(ctx, {
    organizationId,
    action: active ? 'groups.activate' : 'groups.deactivate',
    items: groupIds,
    ofOrganization: (id) => found.has(id),
    check: (id) => (found.has(id) ? undefined : 'GROUP_NOT_FOUND'),
    item: async (trx, id) => {
      const updated = await trx
        .updateTable('groups')
        .set({ active: active ? 1 : 0 })
        .where('id', '=', id)
        .where('organization_id', '=', organizationId)
        .executeTakeFirst()
      return Number(updated.numUpdatedRows) === 1 ? 'SUCCESS' : 'GROUP_NOT_FOUND'
    },
    batch: async (trx, ids) => {
      const updated = await trx
        .updateTable('groups')
        .set({ active: active ? 1 : 0 })
        .where('id', 'in', ids)
        .where('organization_id', '=', organizationId)
        .returning('id')
        .execute()
      const done = new Set(updated.map((r) => r.id))
      return ids.map((id) => (done.has(id) ? 'SUCCESS' : 'GROUP_NOT_FOUND'))
    },
  })
}

/** Deletes groups with their members and group invitations (POST …/delete-groups). */
export async function deleteGroups(ctx: Ctx, organizationId: string, groupIds: string[]): Promise<ItemResult[]> {
  await requireOrgAdmin(ctx, organizationId)
  return deleteOrganizationGroups(ctx, organizationId, groupIds)
}

/** deleteGroups for a caller authorized another way (the organization's directory over SCIM, services/directory/). */
export async function deleteOrganizationGroups(ctx: Ctx, organizationId: string, groupIds: string[]): Promise<ItemResult[]> {
  const found = await groupsOfOrganization(ctx, organizationId, uniq(groupIds))
  return runBulk(ctx, {
    organizationId,
    action: 'groups.delete',
    items: groupIds,
    auditResult: () => ({ names: Object.fromEntries([...found].slice(0, RECORDED_NAMES)) }),
    ofOrganization: (id) => found.has(id),
    check: (id) => (found.has(id) ? undefined : 'GROUP_NOT_FOUND'),
    item: async (trx, id) => {
      // group_members and the group's invitations go with it (ON DELETE CASCADE, foreign keys on in both dialects).
      const deleted = await trx.deleteFrom('groups').where('id', '=', id).where('organization_id', '=', organizationId).executeTakeFirst()
      return Number(deleted.numDeletedRows) === 1 ? 'SUCCESS' : 'GROUP_NOT_FOUND'
    },
    batch: async (trx, ids) => {
      const deleted = await trx
        .deleteFrom('groups')
        .where('id', 'in', ids)
        .where('organization_id', '=', organizationId)
        .returning('id')
        .execute()
      const done = new Set(deleted.map((r) => r.id))
      return ids.map((id) => (done.has(id) ? 'SUCCESS' : 'GROUP_NOT_FOUND'))
    },
  })
}
