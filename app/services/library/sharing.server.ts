import type { DB } from '~/db/db.server'
import { nowIso } from '~/utils/ids.server'
import type { Ctx } from '../context.server'
import { requirePackage } from './access.server'
import type { PackageSharing, SentInvitation, ShareLink } from './types'

/**
 * Sharing a package (spec section 2, "/library": edit step 4; ADR 009): collaborators, invitations by email and share
 * links. The owner changes sharing; editors see it. An invitation writes a
 * `package.invitation.new` alert and queues an email (both skipped for an invitee who
 * unsubscribed from the template); giving someone access directly (raising their access, handing
 * the package over) writes `package.shared`.
 *
 * This module answers step 4's overview; the changes are beside it: collaborator-invitations.server.ts,
 * collaborators.server.ts and share-links.server.ts.
 */

/** Step 4: collaborators, pending invitations and links. Owner and editors (canManage: owner). */
export async function packageSharing(ctx: Ctx, packageId: string): Promise<PackageSharing> {
  const { row, access } = await requirePackage(ctx, ctx.db, packageId, 'edit')
  const db = ctx.db
  const [owner, collaborators, invitations, links] = await Promise.all([
    db.selectFrom('users').select(['id', 'name', 'email']).where('id', '=', row.owner_id).executeTakeFirstOrThrow(),
    db
      .selectFrom('package_collaborators as c')
      .innerJoin('users as u', 'u.id', 'c.user_id')
      .select(['u.id', 'u.name', 'u.email', 'c.access', 'c.created_at'])
      .where('c.package_id', '=', packageId)
      .orderBy('c.created_at')
      .orderBy('u.id')
      .execute(),
    pendingInvitations(db, packageId),
    db
      .selectFrom('package_share_links as l')
      .leftJoin('users as u', 'u.id', 'l.created_by')
      .select(['l.id', 'l.created_at', 'l.expires_at', 'l.last_used_at', 'l.revoked_at', 'u.id as creator_id', 'u.name as creator_name'])
      .where('l.package_id', '=', packageId)
      .orderBy('l.created_at', 'desc')
      .orderBy('l.id', 'desc')
      .execute(),
  ])
  return {
    packageId,
    owner,
    collaborators: collaborators.map((c) => ({ id: c.id, name: c.name, email: c.email, access: c.access, since: c.created_at })),
    invitations,
    links: links.map((l) =>
      toLink(ctx.now, {
        id: l.id,
        created_at: l.created_at,
        expires_at: l.expires_at,
        last_used_at: l.last_used_at,
        revoked_at: l.revoked_at,
        createdBy: l.creator_id ? { id: l.creator_id, name: l.creator_name ?? '' } : null,
      }),
    ),
    canManage: access === 'owner',
  }
}

type LinkRow = { id: string; created_at: string; expires_at: string | null; last_used_at: string | null; revoked_at: string | null }
export const toLink = (now: Date, l: LinkRow & { createdBy: ShareLink['createdBy'] }): ShareLink => ({
  id: l.id,
  createdAt: l.created_at,
  createdBy: l.createdBy,
  expiresAt: l.expires_at,
  lastUsedAt: l.last_used_at,
  revokedAt: l.revoked_at,
  active: !l.revoked_at && (!l.expires_at || l.expires_at > nowIso(now)),
})

export async function pendingInvitations(db: DB, packageId: string, invitationId?: string): Promise<SentInvitation[]> {
  const rows = await db
    .selectFrom('package_invitations as i')
    .leftJoin('users as u', 'u.id', 'i.invited_by')
    .select(['i.id', 'i.email', 'i.access', 'i.created_at', 'i.sent_at', 'u.id as inviter_id', 'u.name as inviter_name'])
    .where('i.package_id', '=', packageId)
    .where('i.status', '=', 'pending')
    .$if(!!invitationId, (qb) => qb.where('i.id', '=', invitationId!))
    .orderBy('i.created_at', 'desc')
    .orderBy('i.id', 'desc')
    .execute()
  return rows.map((r) => ({
    id: r.id,
    email: r.email,
    access: r.access,
    invitedBy: r.inviter_id ? { id: r.inviter_id, name: r.inviter_name ?? '' } : null,
    createdAt: r.created_at,
    sentAt: r.sent_at,
  }))
}
