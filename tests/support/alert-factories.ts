import { db } from '~/db/db.server'
import type { User } from '~/db/schema'
import { newId, nowIso } from '~/utils/ids.server'

/** An alert row as createAlerts writes it, at a given time (tests of the feed and counts). */
export async function insertAlert(
  userId: string,
  options: {
    template?: string
    created?: string
    targetType?: string
    targetId?: string
    actorId?: string | null
    data?: Record<string, unknown>
  } = {},
) {
  const row = {
    id: newId(),
    user_id: userId,
    template: options.template ?? 'group.member.added',
    actor_id: options.actorId ?? null,
    organization_id: null,
    target_type: options.targetType ?? 'group',
    target_id: options.targetId ?? newId(),
    data: JSON.stringify(options.data ?? {}),
    created_at: options.created ?? nowIso(),
  }
  await db().insertInto('alerts').values(row).execute()
  return row
}

/** The user as a request's session would read it now (with its current mark). */
export const reloadUser = (user: Pick<User, 'id'>) =>
  db().selectFrom('users').selectAll().where('id', '=', user.id).executeTakeFirstOrThrow()

/** A group invitation row addressed to `email` (pending unless told otherwise). */
export async function insertInvitation(
  organizationId: string,
  options: {
    email?: string | null
    groupId?: string | null
    usedAt?: string
    revokedAt?: string
    expiresAt?: string
    type?: 'email' | 'open'
    groupCreator?: boolean
  } = {},
) {
  const now = new Date()
  await db()
    .insertInto('invitations')
    .values({
      id: newId(),
      organization_id: organizationId,
      group_id: options.groupId === undefined ? null : options.groupId,
      type: options.type ?? 'email',
      email: options.email ?? null,
      group_creator: options.groupCreator ? 1 : 0,
      code_hash: newId(),
      created_by: null,
      created_at: nowIso(now),
      expires_at: options.expiresAt ?? new Date(now.getTime() + 86_400_000).toISOString(),
      used_at: options.usedAt ?? null,
      revoked_at: options.revokedAt ?? null,
    })
    .execute()
}
