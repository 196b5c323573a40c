import { db } from '~/db/db.server'
import type { CollaboratorAccess, PackageStatus } from '~/db/schema'
import { searchColumns } from '~/services/library/search'
import { newId, nowIso } from '~/utils/ids.server'
import { batches } from '../../app/db/batches'

/**
 * Packages written straight into the tables, the way the library services leave them (issue 11):
 * roles and entities with positions, role_count and entity_count kept equal to their rows.
 */
export interface CreatePackageOptions {
  ownerId: string
  name?: string
  description?: string
  language?: 'sv' | 'en'
  tags?: string[]
  status?: PackageStatus
  /** Role names; each gets `tasksPerRole` entities. */
  roles?: string[]
  tasksPerRole?: number
  collaborators?: { userId: string; access: CollaboratorAccess }[]
  updatedAt?: string
}

export async function createPackage(options: CreatePackageOptions) {
  const id = newId()
  const name = options.name ?? `Paket ${id.slice(0, 6)}`
  const now = options.updatedAt ?? nowIso()
  const roles = (options.roles ?? ['Lärare', 'Elev']).map((name, position) => ({
    id: newId(),
    package_id: id,
    name,
    description: '',
    position,
  }))
  const perRole = options.tasksPerRole ?? 2
  const entities = roles.flatMap((r, ri) =>
    Array.from({ length: perRole }, (_, i) => ({
      id: newId(),
      package_id: id,
      role_id: r.id,
      title: `${r.name} uppgift ${i + 1}`,
      instructions: `Gör så här: ${i + 1}`,
      kind: 'task',
      day_offset: i,
      position: ri * perRole + i,
    })),
  )
  await db()
    .insertInto('packages')
    .values({
      id,
      owner_id: options.ownerId,
      name,
      description: options.description ?? '',
      language: options.language ?? 'sv',
      tags: JSON.stringify(options.tags ?? []),
      ...searchColumns({ name, description: options.description ?? '', tags: options.tags ?? [] }),
      status: options.status ?? 'published',
      version: 1,
      role_count: roles.length,
      entity_count: entities.length,
      created_at: now,
      updated_at: now,
      published_at: options.status === 'draft' ? null : now,
    })
    .execute()
  if (roles.length) await db().insertInto('package_roles').values(roles).execute()
  for (const batch of batches(entities, 100)) await db().insertInto('package_entities').values(batch).execute()
  for (const c of options.collaborators ?? []) {
    await db()
      .insertInto('package_collaborators')
      .values({ package_id: id, user_id: c.userId, access: c.access, created_at: now })
      .execute()
  }
  return { id, roles, entities }
}

/** `count` pending invitations of a package to fresh addresses, written straight into the table (no alerts, no mail). */
export async function createPendingInvitations(packageId: string, invitedBy: string, count: number) {
  const now = nowIso()
  const rows = Array.from({ length: count }, (_, i) => ({
    id: newId(),
    package_id: packageId,
    email: `pending-${i}-${newId().slice(0, 8).toLowerCase()}@example.se`,
    access: 'view' as const,
    invited_by: invitedBy,
    user_id: null,
    status: 'pending' as const,
    created_at: now,
    sent_at: now,
    responded_at: null,
  }))
  await db().insertInto('package_invitations').values(rows).execute()
  return rows
}
