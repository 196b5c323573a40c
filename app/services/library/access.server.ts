import type { DB } from '~/db/db.server'
import type { PackagesTable } from '~/db/schema'
import type { Selectable } from 'kysely'
import { DomainError } from '~/errors'
import { actorOf, type Ctx } from '../context.server'
import type { PackageAccess, PackageActions } from './types'

/**
 * Access to packages (ADR 009): owner everything; editor view, steps 1–3, publish and see
 * sharing; viewer view, duplicate and create a group. A draft is visible to its owner and editors
 * only. Without access, or a viewer of a draft: PACKAGE_NOT_FOUND, never "forbidden".
 */
export type PackageRow = Selectable<PackagesTable>

export interface AccessiblePackage {
  row: PackageRow
  access: PackageAccess
}

const RANK: Record<PackageAccess, number> = { view: 1, edit: 2, owner: 3 }

/** Whether `access` is at least `needed`. */
export const atLeast = (access: PackageAccess, needed: PackageAccess) => RANK[access] >= RANK[needed]

/** The actor's access to a package row, or null (one query for the collaborator row). */
export async function accessOf(db: DB, row: PackageRow, userId: string): Promise<PackageAccess | null> {
  if (row.owner_id === userId) return 'owner'
  const collaborator = await db
    .selectFrom('package_collaborators')
    .select('access')
    .where('package_id', '=', row.id)
    .where('user_id', '=', userId)
    .executeTakeFirst()
  if (!collaborator) return null
  if (row.status === 'draft' && collaborator.access !== 'edit') return null
  return collaborator.access
}

/**
 * The package if the actor has at least `needed` access to it. No access (or a draft for a
 * viewer): PACKAGE_NOT_FOUND; visible but not enough access: PACKAGE_ACCESS_DENIED. In a
 * transaction, `forUpdate` locks the row on PostgreSQL (SQLite's writer lock serialises anyway).
 */
export async function requirePackage(ctx: Ctx, db: DB, packageId: string, needed: PackageAccess = 'view'): Promise<AccessiblePackage> {
  const actor = actorOf(ctx)
  const row = await db.selectFrom('packages').selectAll().where('id', '=', packageId).executeTakeFirst()
  if (!row) throw new DomainError('PACKAGE_NOT_FOUND')
  const access = await accessOf(db, row, actor.id)
  if (!access) throw new DomainError('PACKAGE_NOT_FOUND')
  if (!atLeast(access, needed)) throw new DomainError('PACKAGE_ACCESS_DENIED')
  return { row, access }
}

/** The actions a screen offers for an access level. */
export function actionsFor(access: PackageAccess): PackageActions {
  return {
    edit: atLeast(access, 'edit'),
    duplicate: true,
    createGroup: true,
    seeSharing: atLeast(access, 'edit'),
    manageSharing: access === 'owner',
    delete: access === 'owner',
  }
}

/** PACKAGE_VERSION_CONFLICT unless the package is still at the version the form was loaded with. */
export function requireVersion(row: PackageRow, version: number) {
  if (Number(row.version) !== version) throw new DomainError('PACKAGE_VERSION_CONFLICT', { version: Number(row.version) })
}

export const parseTags = (json: string): string[] => {
  try {
    const tags = JSON.parse(json)
    return Array.isArray(tags) ? tags.map(String) : []
  } catch {
    return []
  }
}
