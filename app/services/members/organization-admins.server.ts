import { requireOrgAdmin } from '../access.server'
import { lockOrganization, runBulk, uniqueIds, type Tx } from '../bulk.server'
import type { Ctx } from '../context.server'
import { loadMembers } from './members.server'

/*
 * An organization's admins make other members admins and take the role away again (issue 35:
 * as in Google Workspace or a GitHub organization, not only a platform admin). The last admin
 * stays (LAST_ADMIN): an organization always has someone to administer it. Audited as
 * `admins.add` / `admins.remove`, one entry per action with its items.
 */

export const ADMIN_AUDIT = { add: 'admins.add', remove: 'admins.remove' } as const

const adminCount = async (trx: Tx, organizationId: string) => {
  const [{ n }] = await trx
    .selectFrom('organization_members')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('organization_id', '=', organizationId)
    .where('role', '=', 'admin')
    .execute()
  return Number(n)
}

/** Sets the role of one member, if it is not that already: whether it changed. */
async function setRole(trx: Tx, organizationId: string, userId: string, admin: boolean) {
  const changed = await trx
    .updateTable('organization_members')
    // An admin may create attendance groups (as a platform admin's appointment gives it).
    .set(admin ? { role: 'admin', may_create_attendance: 1 } : { role: 'member' })
    .where('organization_id', '=', organizationId)
    .where('user_id', '=', userId)
    .where('role', admin ? '<>' : '=', 'admin')
    .executeTakeFirst()
  return Number(changed.numUpdatedRows ?? 0) === 1
}

async function changeAdmins(ctx: Ctx, organizationId: string, memberIds: string[], admin: boolean) {
  await requireOrgAdmin(ctx, organizationId)
  const ids = uniqueIds(memberIds)
  const members = await loadMembers(ctx, organizationId, ids)
  const wrongState = admin ? 'ALREADY_ORGANIZATION_ADMIN' : 'NOT_ORGANIZATION_ADMIN'
  return runBulk(ctx, {
    organizationId,
    action: admin ? ADMIN_AUDIT.add : ADMIN_AUDIT.remove,
    items: ids,
    ofOrganization: (id) => members.has(id),
    check: (id) => {
      const member = members.get(id)
      if (!member) return 'MEMBER_NOT_FOUND'
      return (member.role === 'admin') === admin ? wrongState : undefined
    },
    item: async (trx, id) => {
      // Serialized with other admins' changes and removals: the admins counted are what is committed.
      await lockOrganization(trx, organizationId)
      if (!admin && (await adminCount(trx, organizationId)) <= 1) return 'LAST_ADMIN'
      if (await setRole(trx, organizationId, id, admin)) return 'SUCCESS'
      const still = await trx
        .selectFrom('organization_members')
        .select('user_id')
        .where('organization_id', '=', organizationId)
        .where('user_id', '=', id)
        .executeTakeFirst()
      return still ? wrongState : 'MEMBER_NOT_FOUND'
    },
  })
}

/** Makes members admins: MEMBER_NOT_FOUND, ALREADY_ORGANIZATION_ADMIN or SUCCESS per item. */
export const addOrganizationAdmins = (ctx: Ctx, organizationId: string, memberIds: string[]) =>
  changeAdmins(ctx, organizationId, memberIds, true)

/**
 * Takes the admin role away (they stay members): MEMBER_NOT_FOUND, NOT_ORGANIZATION_ADMIN,
 * LAST_ADMIN (never the organization's last admin, counted under its lock) or SUCCESS per item.
 */
export const removeOrganizationAdmins = (ctx: Ctx, organizationId: string, memberIds: string[]) =>
  changeAdmins(ctx, organizationId, memberIds, false)
