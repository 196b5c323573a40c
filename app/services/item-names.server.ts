import { batches } from '~/db/batches'
import { nameWithEmail } from '~/utils/name-with-email'
import { requireOrgAdmin } from './access.server'
import { uniqueIds } from './bulk.server'
import type { Ctx } from './context.server'

/*
 * The names of a bulk action's items, for the screens' result and confirmation step: the services
 * and the API answer ids with a status per item, the screens name them. Read before the action
 * (a deleted group or a removed member has no name in the organization afterwards), one query per
 * 500 ids. An id that is not the organization's member or group has no name.
 */

/**
 * Members of the organization by user id: their names with their addresses beside them, which its
 * admins (the only callers) see (docs/group-roles.md), so two people of the same name differ.
 */
export async function memberNames(ctx: Ctx, organizationId: string, userIds: string[]): Promise<Map<string, string>> {
  await requireOrgAdmin(ctx, organizationId)
  const names = new Map<string, string>()
  for (const part of batches(uniqueIds(userIds))) {
    const rows = await ctx.db
      .selectFrom('organization_members')
      .select(['user_id', 'name', 'email'])
      .where('organization_id', '=', organizationId)
      .where('user_id', 'in', part)
      .execute()
    for (const r of rows) names.set(r.user_id, nameWithEmail(r.name, r.email))
  }
  return names
}

/** Groups of the organization by id: their names. */
export async function groupNames(ctx: Ctx, organizationId: string, groupIds: string[]): Promise<Map<string, string>> {
  await requireOrgAdmin(ctx, organizationId)
  const names = new Map<string, string>()
  for (const part of batches(uniqueIds(groupIds))) {
    const rows = await ctx.db
      .selectFrom('groups')
      .select(['id', 'name'])
      .where('organization_id', '=', organizationId)
      .where('id', 'in', part)
      .execute()
    for (const r of rows) names.set(r.id, r.name)
  }
  return names
}
