import { createHash, randomBytes } from 'node:crypto'
import { searchColumns } from '../../../app/services/library/search'
import { appDb } from './orgs'

/*
 * Packages for the library journeys, written straight into the e2e database the way the library
 * services leave them (see tests/support/library-factories.ts, the vitest equivalent): roles and
 * tasks with positions, role_count and entity_count equal to their rows.
 */

const newId = () => randomBytes(12).toString('hex')

export interface E2EPackage {
  id: string
  name: string
  roles: { id: string; name: string }[]
}

export function insertPackage({
  ownerId,
  name,
  roles = ['Lärare', 'Elev'],
  tasksPerRole = 1,
  collaborators = [],
  tags = [],
}: {
  ownerId: string
  name: string
  roles?: string[]
  tasksPerRole?: number
  collaborators?: { userId: string; access: 'view' | 'edit' }[]
  tags?: string[]
}): E2EPackage {
  const db = appDb()
  const id = newId()
  const now = new Date().toISOString()
  const roleRows = roles.map((roleName, position) => ({ id: newId(), name: roleName, position }))
  const description = `Beskrivning av ${name}`
  const search = searchColumns({ name, description, tags })
  db.prepare(
    `insert into packages (id, owner_id, name, description, language, tags, search_text, tags_key, status, version, role_count, entity_count, created_at, updated_at, published_at)
     values (?, ?, ?, ?, 'sv', ?, ?, ?, 'published', 1, ?, ?, ?, ?, ?)`,
  ).run(
    id,
    ownerId,
    name,
    description,
    JSON.stringify(tags),
    search.search_text,
    search.tags_key,
    roleRows.length,
    roleRows.length * tasksPerRole,
    now,
    now,
    now,
  )
  let position = 0
  for (const role of roleRows) {
    db.prepare('insert into package_roles (id, package_id, name, description, position) values (?, ?, ?, ?, ?)').run(
      role.id,
      id,
      role.name,
      '',
      role.position,
    )
    for (let i = 0; i < tasksPerRole; i++) {
      db.prepare(
        `insert into package_entities (id, package_id, role_id, title, instructions, kind, day_offset, position) values (?, ?, ?, ?, ?, 'task', ?, ?)`,
      ).run(newId(), id, role.id, `${role.name}: uppgift ${i + 1}`, 'Läs mer på https://example.se/plan', i, position++)
    }
  }
  for (const c of collaborators) {
    db.prepare('insert into package_collaborators (package_id, user_id, access, created_at) values (?, ?, ?, ?)').run(
      id,
      c.userId,
      c.access,
      now,
    )
  }
  return { id, name, roles: roleRows }
}

/** A pending invitation of `email` to a package. */
export function insertPackageInvitation({
  packageId,
  email,
  invitedBy,
  userId,
}: {
  packageId: string
  email: string
  invitedBy: string
  userId?: string
}) {
  const now = new Date().toISOString()
  appDb()
    .prepare(
      `insert into package_invitations (id, package_id, email, access, invited_by, user_id, status, created_at, sent_at) values (?, ?, ?, 'view', ?, ?, 'pending', ?, ?)`,
    )
    .run(newId(), packageId, email.toLowerCase(), invitedBy, userId ?? null, now, now)
}

/** A share link of a package made by `createdBy` (revoked when asked); its token, to open it. */
export function insertShareLink({ packageId, createdBy, revoked = false }: { packageId: string; createdBy: string; revoked?: boolean }) {
  const token = randomBytes(32).toString('base64url')
  const now = new Date().toISOString()
  appDb()
    .prepare(
      `insert into package_share_links (id, package_id, token_hash, created_by, created_at, expires_at, last_used_at, revoked_at) values (?, ?, ?, ?, ?, null, null, ?)`,
    )
    .run(newId(), packageId, createHash('sha256').update(token).digest('hex'), createdBy, now, revoked ? now : null)
  return { token, path: `/library/packages/accept-share-link?token=${token}` }
}
