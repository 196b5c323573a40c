import type { DB } from '~/db/db.server'
import type { CollaboratorAccess } from '~/db/schema'
import { DomainError } from '~/errors'
import { nowIso } from '~/utils/ids.server'
import { createAlert } from '../alerts/alerts.server'
import { actorOf, type Ctx } from '../context.server'
import { atLeast, requirePackage, type PackageRow } from './access.server'
import { ChangeAccessSchema } from './packages.schemas'

/* A package's collaborators: giving access, changing and removing it, handing the package over. */

/** Gives `userId` at least `access` (never lowers an access; the owner keeps owning). Returns whether it changed. */
export async function grant(db: DB, pkg: PackageRow, userId: string, access: CollaboratorAccess, now: string) {
  if (pkg.owner_id === userId) return false
  const current = await db
    .selectFrom('package_collaborators')
    .select('access')
    .where('package_id', '=', pkg.id)
    .where('user_id', '=', userId)
    .executeTakeFirst()
  if (current && atLeast(current.access, access)) return false
  if (current)
    await db.updateTable('package_collaborators').set({ access }).where('package_id', '=', pkg.id).where('user_id', '=', userId).execute()
  else await db.insertInto('package_collaborators').values({ package_id: pkg.id, user_id: userId, access, created_at: now }).execute()
  return true
}

async function requireCollaborator(db: DB, packageId: string, userId: string) {
  const row = await db
    .selectFrom('package_collaborators')
    .selectAll()
    .where('package_id', '=', packageId)
    .where('user_id', '=', userId)
    .executeTakeFirst()
  if (!row) throw new DomainError('PACKAGE_COLLABORATOR_NOT_FOUND')
  return row
}

/** Changes a collaborator's access (a `package.shared` alert when raised to edit). Owner only. */
export async function changeCollaboratorAccess(
  ctx: Ctx,
  input: { packageId: string; userId: string; access: CollaboratorAccess },
): Promise<void> {
  const { packageId, userId, access } = ChangeAccessSchema.parse(input)
  await ctx.db.transaction().execute(async (trx) => {
    const { row } = await requirePackage(ctx, trx, packageId, 'owner')
    const current = await requireCollaborator(trx, packageId, userId)
    if (current.access === access) return
    await trx
      .updateTable('package_collaborators')
      .set({ access })
      .where('package_id', '=', packageId)
      .where('user_id', '=', userId)
      .execute()
    if (access === 'edit') await sharedAlert(ctx, trx, row, userId, access)
  })
}

const sharedAlert = (ctx: Ctx, db: DB, pkg: PackageRow, userId: string, access: string) =>
  createAlert(
    db,
    {
      userId,
      template: 'package.shared',
      actorId: actorOf(ctx).id,
      target: { type: 'package', id: pkg.id },
      data: { packageName: pkg.name, access },
    },
    ctx.now,
  )

/** Removes a collaborator: the owner removes anyone; a collaborator may remove themself (leave). */
export async function removeCollaborator(ctx: Ctx, input: { packageId: string; userId: string }): Promise<void> {
  const actor = actorOf(ctx)
  await ctx.db.transaction().execute(async (trx) => {
    await requirePackage(ctx, trx, input.packageId, input.userId === actor.id ? 'view' : 'owner')
    await requireCollaborator(trx, input.packageId, input.userId)
    await trx.deleteFrom('package_collaborators').where('package_id', '=', input.packageId).where('user_id', '=', input.userId).execute()
  })
}

/** Hands the package over to one of its editors; the old owner becomes an editor. Owner only. */
export async function handOverPackage(ctx: Ctx, input: { packageId: string; userId: string }): Promise<void> {
  const actor = actorOf(ctx)
  await ctx.db.transaction().execute(async (trx) => {
    const { row } = await requirePackage(ctx, trx, input.packageId, 'owner')
    const target = await trx
      .selectFrom('package_collaborators')
      .select('access')
      .where('package_id', '=', input.packageId)
      .where('user_id', '=', input.userId)
      .executeTakeFirst()
    if (target?.access !== 'edit') throw new DomainError('PACKAGE_HANDOVER_NOT_EDITOR')
    const now = nowIso(ctx.now)
    await trx.deleteFrom('package_collaborators').where('package_id', '=', input.packageId).where('user_id', '=', input.userId).execute()
    await trx.updateTable('packages').set({ owner_id: input.userId, updated_at: now }).where('id', '=', input.packageId).execute()
    await trx
      .insertInto('package_collaborators')
      .values({ package_id: input.packageId, user_id: actor.id, access: 'edit', created_at: now })
      .execute()
    await sharedAlert(ctx, trx, row, input.userId, 'owner')
  })
}
