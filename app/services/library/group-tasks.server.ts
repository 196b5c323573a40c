import { swedish } from '~/db/collation'
import type { GroupRole } from '~/db/schema'
import { newId } from '~/utils/ids.server'
import type { ItemResult } from '../audit.server'
import { actorOf, type Ctx } from '../context.server'
import { createGroupWithMemberEmails } from '../groups/group-with-members.server'
import { requirePackage } from './access.server'
import { CreateGroupFromPackageSchema, type CreateGroupFromPackageInput, type TaskGroupRole } from './packages.schemas'
import { batches } from '~/db/batches'

/**
 * Groups made from packages (spec section 2, "/library": create/group; ADR 009). The group is created by the groups
 * service (the same as the create-group API and screen: it decides who may create groups in the
 * organization), then the package's tasks are copied into group_tasks, each for the group role
 * its package role maps to. The copy belongs to the group: later edits of the package, or its
 * deletion, do not change it.
 */

/** The active organizations where the actor may create groups (admin or group creator), in Swedish name order. */
export async function organizationsForPackageGroups(ctx: Ctx): Promise<{ id: string; name: string }[]> {
  const actor = actorOf(ctx)
  return ctx.db
    .selectFrom('organization_members as m')
    .innerJoin('organizations as o', 'o.id', 'm.organization_id')
    .select(['o.id', 'o.name'])
    .where('m.user_id', '=', actor.id)
    .where('o.active', '=', 1)
    .where((eb) => eb.or([eb('m.role', '=', 'admin'), eb('m.is_group_creator', '=', 1)]))
    .orderBy(swedish(ctx.db, 'o.name'))
    .orderBy('o.id')
    .execute()
}

/**
 * The group role whose members get a package role's tasks: the mapping given, else the first
 * role → leader and every other → member (ADR 009).
 */
export function defaultGroupRole(position: number): TaskGroupRole {
  return position === 0 ? 'leader' : 'member'
}

/** Creates a group from a package (the groups service), then copies the package's tasks into group_tasks. */
export async function createGroupFromPackage(
  ctx: Ctx,
  input: CreateGroupFromPackageInput,
): Promise<{ groupId: string; membersResults: (ItemResult & { email: string })[]; taskCount: number }> {
  const actor = actorOf(ctx)
  const { packageId, organizationId, name, members, roleMapping } = CreateGroupFromPackageSchema.parse(input)
  await requirePackage(ctx, ctx.db, packageId, 'view')
  const { group, membersResults } = await createGroupWithMemberEmails(ctx, organizationId, {
    name,
    kind: 'standard',
    ownerEmail: actor.email,
    members,
  })
  const taskCount = await ctx.db.transaction().execute(async (trx) => {
    const roles = await trx
      .selectFrom('package_roles')
      .select(['id', 'name', 'position'])
      .where('package_id', '=', packageId)
      .orderBy('position')
      .execute()
    const roleOf = new Map(roles.map((r, i) => [r.id, { name: r.name, groupRole: roleMapping[r.id] ?? defaultGroupRole(i) }]))
    const entities = await trx.selectFrom('package_entities').selectAll().where('package_id', '=', packageId).orderBy('position').execute()
    const now = ctx.now.toISOString()
    const tasks = entities
      .filter((e) => roleOf.has(e.role_id))
      .map((e, position) => ({
        row: {
          id: newId(),
          group_id: group._id,
          package_id: packageId,
          package_role_name: roleOf.get(e.role_id)!.name,
          title: e.title,
          instructions: e.instructions,
          kind: e.kind,
          day_offset: e.day_offset,
          position,
          // A draft: the owner publishes the package's tasks (all at once, or one by one).
          published_at: null,
          created_by: actor.id,
          created_at: now,
          updated_at: now,
        },
        role: roleOf.get(e.role_id)!.groupRole as GroupRole,
      }))
    for (const batch of batches(tasks, 100)) {
      await trx
        .insertInto('group_tasks')
        .values(batch.map((t) => t.row))
        .execute()
      await trx
        .insertInto('group_task_roles')
        .values(batch.map((t) => ({ task_id: t.row.id, group_id: group._id, role: t.role })))
        .execute()
    }
    return tasks.length
  })
  return { groupId: group._id, membersResults, taskCount }
}
