import { requireActiveOrgAdmin, requireOrgAdmin } from '../access.server'
import type { ItemResult } from '../audit.server'
import { runBulk, uniqueIds } from '../bulk.server'
import type { Ctx } from '../context.server'
import { batches } from '~/db/batches'

/**
 * The attendance permission of an organization's group creators (migration 011; spec section 6
 * "creating an attendance group is offered only with that permission"), granted and revoked by
 * its admins on the group-creators page. Admins always have it. Per item: MEMBER_NOT_FOUND,
 * NOT_GROUP_CREATOR (only group creators get it), IS_ORGANIZATION_ADMIN (an admin always has it),
 * ALREADY_ATTENDANCE_CREATOR / NOT_ATTENDANCE_CREATOR, or SUCCESS; one audit entry per action.
 */
export const ATTENDANCE_AUDIT = { grant: 'attendance.grant', revoke: 'attendance.revoke' } as const

async function setAttendance(ctx: Ctx, organizationId: string, memberIds: string[], value: boolean): Promise<ItemResult[]> {
  // Like the group-creator right: not granted in an inactive organization, but it may be taken away.
  await (value ? requireActiveOrgAdmin : requireOrgAdmin)(ctx, organizationId)
  const ids = uniqueIds(memberIds)
  const rows = new Map<string, { role: string; is_group_creator: number; may_create_attendance: number }>()
  for (const batch of batches(ids)) {
    const part = await ctx.db
      .selectFrom('organization_members')
      .select(['user_id', 'role', 'is_group_creator', 'may_create_attendance'])
      .where('organization_id', '=', organizationId)
      .where('user_id', 'in', batch)
      .execute()
    for (const r of part) rows.set(r.user_id, r)
  }
  return runBulk(ctx, {
    organizationId,
    action: value ? ATTENDANCE_AUDIT.grant : ATTENDANCE_AUDIT.revoke,
    items: ids,
    ofOrganization: (id) => rows.has(id),
    check: (id) => {
      const row = rows.get(id)
      if (!row) return 'MEMBER_NOT_FOUND'
      if (row.role === 'admin') return 'IS_ORGANIZATION_ADMIN'
      if (Number(row.is_group_creator) !== 1) return 'NOT_GROUP_CREATOR'
      if ((Number(row.may_create_attendance) === 1) === value) return value ? 'ALREADY_ATTENDANCE_CREATOR' : 'NOT_ATTENDANCE_CREATOR'
      return undefined
    },
    // Conditional on the state checked, so a concurrent change is reported, not repeated.
    item: async (trx, id) => {
      const updated = await trx
        .updateTable('organization_members')
        .set({ may_create_attendance: value ? 1 : 0 })
        .where('organization_id', '=', organizationId)
        .where('user_id', '=', id)
        .where('role', '=', 'member')
        .where('is_group_creator', '=', 1)
        .where('may_create_attendance', '=', value ? 0 : 1)
        .executeTakeFirst()
      return Number(updated.numUpdatedRows) === 1 ? 'SUCCESS' : value ? 'ALREADY_ATTENDANCE_CREATOR' : 'NOT_ATTENDANCE_CREATOR'
    },
  })
}

/** Lets group creators create attendance groups. */
export const grantAttendancePermission = (ctx: Ctx, organizationId: string, memberIds: string[]) =>
  setAttendance(ctx, organizationId, memberIds, true)

/** Takes the attendance permission away (the members stay group creators). */
export const revokeAttendancePermission = (ctx: Ctx, organizationId: string, memberIds: string[]) =>
  setAttendance(ctx, organizationId, memberIds, false)
