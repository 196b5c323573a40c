import type { DB } from '~/db/db.server'
import type { Ctx } from '../context.server'
import { actionsFor, parseTags, requirePackage, type PackageRow } from './access.server'
import type { EntityKind } from './packages.schemas'
import type { PackageAccess, PackageRole, PackageView, PersonRef, TasksOf } from './types'

/* Reading a package: its view page and the edit wizard's load (the saves: packages.server.ts). */

/**
 * The view of a package (and the wizard's load), with the entities `tasksOf` asks for.
 * PACKAGE_NOT_FOUND for anyone without access, and for viewers of a draft.
 */
export async function getPackage(ctx: Ctx, packageId: string, tasksOf: TasksOf = 'all'): Promise<PackageView> {
  const { row, access } = await requirePackage(ctx, ctx.db, packageId, 'view')
  return viewOf(ctx.db, row, access, tasksOf)
}

/** The same as getPackage, for the edit wizard: owner or editor (a viewer gets PACKAGE_ACCESS_DENIED). */
export async function getPackageForEdit(ctx: Ctx, packageId: string, tasksOf: TasksOf = 'all'): Promise<PackageView> {
  const { row, access } = await requirePackage(ctx, ctx.db, packageId, 'edit')
  return viewOf(ctx.db, row, access, tasksOf)
}

/** The roles whose entities `tasksOf` asks for, of the package's roles with their counts. */
function rolesToLoad(roles: { id: string; taskCount: number }[], tasksOf: TasksOf): Set<string> {
  if (tasksOf === 'none') return new Set()
  const total = roles.reduce((n, r) => n + r.taskCount, 0)
  if (tasksOf === 'all' || total <= (tasksOf.allUpTo ?? -1)) return new Set(roles.map((r) => r.id))
  const role = roles.find((r) => r.id === tasksOf.role) ?? roles[0]
  return new Set(role ? [role.id] : [])
}

async function viewOf(db: DB, row: PackageRow, access: PackageAccess, tasksOf: TasksOf): Promise<PackageView> {
  const [owner, roleRows, editors] = await Promise.all([
    db.selectFrom('users').select(['id', 'name', 'email']).where('id', '=', row.owner_id).executeTakeFirstOrThrow(),
    // Each role with its entity count (an index-only count per role), whatever is loaded.
    db
      .selectFrom('package_roles as r')
      .select(['r.id', 'r.name', 'r.description', 'r.position'])
      .select((eb) =>
        eb
          .selectFrom('package_entities as e')
          .select((c) => c.fn.countAll<number | string>().as('n'))
          .whereRef('e.role_id', '=', 'r.id')
          .as('task_count'),
      )
      .where('r.package_id', '=', row.id)
      .orderBy('r.position')
      .execute(),
    db
      .selectFrom('package_collaborators as c')
      .innerJoin('users as u', 'u.id', 'c.user_id')
      .select(['u.id', 'u.name', 'u.email'])
      .where('c.package_id', '=', row.id)
      .where('c.access', '=', 'edit')
      .orderBy('c.created_at')
      .execute(),
  ])
  const roles = roleRows.map((r) => ({
    id: r.id,
    name: r.name,
    description: r.description,
    position: Number(r.position),
    taskCount: Number(r.task_count ?? 0),
  }))
  const loaded = rolesToLoad(roles, tasksOf)
  const entities = loaded.size
    ? await db
        .selectFrom('package_entities')
        .select(['id', 'role_id', 'title', 'instructions', 'kind', 'day_offset', 'position'])
        .where('package_id', '=', row.id)
        .$if(loaded.size < roles.length, (qb) => qb.where('role_id', 'in', [...loaded]))
        .orderBy('position')
        .execute()
    : []
  const byRole = new Map<string, PackageRole>(roles.map((r) => [r.id, { ...r, tasksLoaded: loaded.has(r.id), entities: [] }]))
  for (const e of entities) {
    byRole.get(e.role_id)?.entities.push({
      id: e.id,
      roleId: e.role_id,
      title: e.title,
      instructions: e.instructions,
      kind: e.kind as EntityKind,
      dayOffset: e.day_offset === null ? null : Number(e.day_offset),
      position: Number(e.position),
    })
  }
  return {
    package: {
      id: row.id,
      name: row.name,
      description: row.description,
      language: row.language,
      tags: parseTags(row.tags),
      status: row.status,
      version: Number(row.version),
      owner: owner as PersonRef,
      createdAt: row.created_at,
      updatedAt: row.updated_at,
      publishedAt: row.published_at,
    },
    roles: [...byRole.values()],
    access,
    actions: actionsFor(access),
    editors: editors as PersonRef[],
  }
}
