import { timingSafeEqual } from 'node:crypto'
import { isPostgres } from '~/db/collation'
import type { DB } from '~/db/db.server'
import type { CollaboratorAccess } from '~/db/schema'
import { DomainError } from '~/errors'
import { sendMail } from '~/mail/mailer.server'
import { packageInvitationEmail } from '~/mail/package-invitation-mail.server'
import { addSeconds, hashSecret, newId, newSecret, nowIso } from '~/utils/ids.server'
import { createAlert, subscribedUsers } from '../alerts.server'
import { actorOf, type Ctx } from '../context.server'
import { atLeast, requirePackage, type PackageRow } from './access.server'
import { ChangeAccessSchema, CreateShareLinkSchema, InviteCollaboratorSchema, PACKAGE_LIMITS, type CreateShareLinkInput, type InviteCollaboratorInput } from './packages.schemas'
import type { PackageSharing, SentInvitation, ShareLink } from './types'

/**
 * Sharing a package (issue 11, step 4; ADR 009): collaborators, invitations by email and share
 * links. The owner changes sharing; editors see it. An invitation writes a
 * `package.invitation.new` alert and queues an email (both skipped for an invitee who
 * unsubscribed from the template); giving someone access directly (raising their access, handing
 * the package over) writes `package.shared`.
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
const toLink = (now: Date, l: LinkRow & { createdBy: ShareLink['createdBy'] }): ShareLink => ({
  id: l.id,
  createdAt: l.created_at,
  createdBy: l.createdBy,
  expiresAt: l.expires_at,
  lastUsedAt: l.last_used_at,
  revokedAt: l.revoked_at,
  active: !l.revoked_at && (!l.expires_at || l.expires_at > nowIso(now)),
})

async function pendingInvitations(db: DB, packageId: string, invitationId?: string): Promise<SentInvitation[]> {
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

/** The invitation's alert and email to its address (each skipped if its user unsubscribed). */
async function notifyInvitee(ctx: Ctx, db: DB, pkg: PackageRow, invitation: { id: string; email: string; access: CollaboratorAccess }) {
  const actor = actorOf(ctx)
  const user = await db.selectFrom('users').select(['id', 'name', 'locale']).where('email', '=', invitation.email).executeTakeFirst()
  if (user) {
    await createAlert(
      db,
      {
        userId: user.id,
        template: 'package.invitation.new',
        actorId: actor.id,
        target: { type: 'package', id: pkg.id },
        data: { packageName: pkg.name, access: invitation.access, invitationId: invitation.id },
      },
      ctx.now,
    )
    if (!(await subscribedUsers(db, 'package.invitation.new', [user.id])).has(user.id)) return
  }
  await sendMail(
    db,
    packageInvitationEmail({
      to: invitation.email,
      name: user?.name ?? null,
      userId: user?.id ?? null,
      locale: user?.locale ?? actor.locale,
      inviter: actor.name,
      packageName: pkg.name,
      access: invitation.access,
    }),
  )
}

/**
 * Invites an email address (view or edit): alert + email to the invitee. Owner only. A package
 * holds at most PACKAGE_LIMITS.pendingInvitations pending invitations: one more is
 * PACKAGE_LIMIT_EXCEEDED (`{ limit: 'pendingInvitations', max }`), nothing written.
 */
export async function inviteCollaborator(ctx: Ctx, input: InviteCollaboratorInput): Promise<SentInvitation> {
  const { packageId, email, access } = InviteCollaboratorSchema.parse(input)
  const actor = actorOf(ctx)
  return ctx.db.transaction().execute(async (trx) => {
    const { row } = await requirePackage(ctx, trx, packageId, 'owner')
    // Two invitations at once must not both see room for one more: PostgreSQL locks the package
    // row (SQLite runs one writing transaction at a time already).
    if (isPostgres(trx)) await trx.selectFrom('packages').select('id').where('id', '=', packageId).forUpdate().execute()
    const user = await trx.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst()
    const collaborator = user
      ? await trx.selectFrom('package_collaborators').select('user_id').where('package_id', '=', packageId).where('user_id', '=', user.id).executeTakeFirst()
      : undefined
    const pending = await trx
      .selectFrom('package_invitations')
      .select('id')
      .where('package_id', '=', packageId)
      .where('email', '=', email)
      .where('status', '=', 'pending')
      .executeTakeFirst()
    if (user?.id === row.owner_id || collaborator || pending) throw new DomainError('PACKAGE_ALREADY_SHARED')
    const { count } = await trx
      .selectFrom('package_invitations')
      .select((eb) => eb.fn.countAll<number | string>().as('count'))
      .where('package_id', '=', packageId)
      .where('status', '=', 'pending')
      .executeTakeFirstOrThrow()
    if (Number(count) >= PACKAGE_LIMITS.pendingInvitations) {
      throw new DomainError('PACKAGE_LIMIT_EXCEEDED', { limit: 'pendingInvitations', max: PACKAGE_LIMITS.pendingInvitations })
    }
    const now = nowIso(ctx.now)
    const invitation = {
      id: newId(),
      package_id: packageId,
      email,
      access,
      invited_by: actor.id,
      user_id: user?.id ?? null,
      status: 'pending' as const,
      created_at: now,
      sent_at: now,
      responded_at: null,
    }
    await trx.insertInto('package_invitations').values(invitation).execute()
    await notifyInvitee(ctx, trx, row, invitation)
    return (await pendingInvitations(trx, packageId, invitation.id))[0]
  })
}

async function requirePendingInvitation(db: DB, packageId: string, invitationId: string) {
  const invitation = await db
    .selectFrom('package_invitations')
    .selectAll()
    .where('id', '=', invitationId)
    .where('package_id', '=', packageId)
    .where('status', '=', 'pending')
    .executeTakeFirst()
  if (!invitation) throw new DomainError('PACKAGE_INVITATION_NOT_FOUND')
  return invitation
}

/** The shortest time between two emails of one invitation (resend answers TOO_MANY_ATTEMPTS with retryAt before). */
export const RESEND_INTERVAL_SECONDS = 60

/** Sends a pending invitation's email (and alert) again, at most once a minute. Owner only. */
export async function resendInvitation(ctx: Ctx, input: { packageId: string; invitationId: string }): Promise<SentInvitation> {
  return ctx.db.transaction().execute(async (trx) => {
    const { row } = await requirePackage(ctx, trx, input.packageId, 'owner')
    const invitation = await requirePendingInvitation(trx, input.packageId, input.invitationId)
    // One email a minute per invitation, however often the button is pressed.
    const retryAt = addSeconds(new Date(invitation.sent_at), RESEND_INTERVAL_SECONDS)
    if (retryAt > ctx.now) throw new DomainError('TOO_MANY_ATTEMPTS', { retryAt: retryAt.toISOString() })
    await trx.updateTable('package_invitations').set({ sent_at: nowIso(ctx.now) }).where('id', '=', invitation.id).execute()
    await notifyInvitee(ctx, trx, row, invitation)
    return (await pendingInvitations(trx, input.packageId, invitation.id))[0]
  })
}

/** Revokes a pending invitation. Owner only. */
export async function revokeInvitation(ctx: Ctx, input: { packageId: string; invitationId: string }): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    await requirePackage(ctx, trx, input.packageId, 'owner')
    const invitation = await requirePendingInvitation(trx, input.packageId, input.invitationId)
    await trx.updateTable('package_invitations').set({ status: 'revoked', responded_at: nowIso(ctx.now) }).where('id', '=', invitation.id).execute()
  })
}

/** The actor's pending invitation, or PACKAGE_INVITATION_NOT_FOUND (someone else's, answered, revoked, unknown). */
async function myPendingInvitation(ctx: Ctx, db: DB, invitationId: string) {
  const actor = actorOf(ctx)
  const invitation = await db
    .selectFrom('package_invitations')
    .selectAll()
    .where('id', '=', invitationId)
    .where('email', '=', actor.email.toLowerCase())
    .where('status', '=', 'pending')
    .executeTakeFirst()
  if (!invitation) throw new DomainError('PACKAGE_INVITATION_NOT_FOUND')
  return invitation
}

/** Gives `userId` at least `access` (never lowers an access; the owner keeps owning). Returns whether it changed. */
async function grant(db: DB, pkg: PackageRow, userId: string, access: CollaboratorAccess, now: string) {
  if (pkg.owner_id === userId) return false
  const current = await db
    .selectFrom('package_collaborators')
    .select('access')
    .where('package_id', '=', pkg.id)
    .where('user_id', '=', userId)
    .executeTakeFirst()
  if (current && atLeast(current.access, access)) return false
  if (current) await db.updateTable('package_collaborators').set({ access }).where('package_id', '=', pkg.id).where('user_id', '=', userId).execute()
  else await db.insertInto('package_collaborators').values({ package_id: pkg.id, user_id: userId, access, created_at: now }).execute()
  return true
}

/** The invitee accepts: they become a collaborator with the invitation's access. Returns the package id. */
export async function acceptInvitation(ctx: Ctx, invitationId: string): Promise<{ packageId: string }> {
  const actor = actorOf(ctx)
  return ctx.db.transaction().execute(async (trx) => {
    const invitation = await myPendingInvitation(ctx, trx, invitationId)
    const pkg = await trx.selectFrom('packages').selectAll().where('id', '=', invitation.package_id).executeTakeFirstOrThrow()
    const now = nowIso(ctx.now)
    await grant(trx, pkg, actor.id, invitation.access, now)
    await trx
      .updateTable('package_invitations')
      .set({ status: 'accepted', responded_at: now, user_id: actor.id })
      .where('id', '=', invitation.id)
      .execute()
    return { packageId: pkg.id }
  })
}

/** The invitee declines. */
export async function declineInvitation(ctx: Ctx, invitationId: string): Promise<void> {
  const actor = actorOf(ctx)
  await ctx.db.transaction().execute(async (trx) => {
    const invitation = await myPendingInvitation(ctx, trx, invitationId)
    await trx
      .updateTable('package_invitations')
      .set({ status: 'declined', responded_at: nowIso(ctx.now), user_id: actor.id })
      .where('id', '=', invitation.id)
      .execute()
  })
}

async function requireCollaborator(db: DB, packageId: string, userId: string) {
  const row = await db.selectFrom('package_collaborators').selectAll().where('package_id', '=', packageId).where('user_id', '=', userId).executeTakeFirst()
  if (!row) throw new DomainError('PACKAGE_COLLABORATOR_NOT_FOUND')
  return row
}

/** Changes a collaborator's access (a `package.shared` alert when raised to edit). Owner only. */
export async function changeCollaboratorAccess(ctx: Ctx, input: { packageId: string; userId: string; access: CollaboratorAccess }): Promise<void> {
  const { packageId, userId, access } = ChangeAccessSchema.parse(input)
  await ctx.db.transaction().execute(async (trx) => {
    const { row } = await requirePackage(ctx, trx, packageId, 'owner')
    const current = await requireCollaborator(trx, packageId, userId)
    if (current.access === access) return
    await trx.updateTable('package_collaborators').set({ access }).where('package_id', '=', packageId).where('user_id', '=', userId).execute()
    if (access === 'edit') await sharedAlert(ctx, trx, row, userId, access)
  })
}

const sharedAlert = (ctx: Ctx, db: DB, pkg: PackageRow, userId: string, access: string) =>
  createAlert(
    db,
    { userId, template: 'package.shared', actorId: actorOf(ctx).id, target: { type: 'package', id: pkg.id }, data: { packageName: pkg.name, access } },
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
    await trx.insertInto('package_collaborators').values({ package_id: input.packageId, user_id: actor.id, access: 'edit', created_at: now }).execute()
    await sharedAlert(ctx, trx, row, input.userId, 'owner')
  })
}

/** A new share link (view access); the token is returned only here (it is stored hashed). Owner only. */
export async function createShareLink(ctx: Ctx, input: CreateShareLinkInput): Promise<{ link: ShareLink; token: string }> {
  const { packageId, expiresAt } = CreateShareLinkSchema.parse(input)
  const actor = actorOf(ctx)
  await requirePackage(ctx, ctx.db, packageId, 'owner')
  if (expiresAt && expiresAt <= nowIso(ctx.now)) throw new DomainError('BAD_REQUEST', { field: 'expiresAt' })
  // 256 random bits (newSecret); only the SHA-256 is kept.
  const token = newSecret()
  const row = { id: newId(), package_id: packageId, token_hash: hashSecret(token), created_by: actor.id, created_at: nowIso(ctx.now), expires_at: expiresAt, last_used_at: null, revoked_at: null }
  await ctx.db.insertInto('package_share_links').values(row).execute()
  return { link: toLink(ctx.now, { ...row, createdBy: { id: actor.id, name: actor.name } }), token }
}

/** Revokes a link. Owner only. */
export async function revokeShareLink(ctx: Ctx, input: { packageId: string; linkId: string }): Promise<void> {
  await requirePackage(ctx, ctx.db, input.packageId, 'owner')
  const result = await ctx.db
    .updateTable('package_share_links')
    .set({ revoked_at: nowIso(ctx.now) })
    .where('id', '=', input.linkId)
    .where('package_id', '=', input.packageId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst()
  if (Number(result.numUpdatedRows) !== 1) throw new DomainError('SHARE_LINK_INVALID')
}

/** Constant-time comparison of two hex digests (the lookup by hash is an index probe; this is the check that decides). */
export function sameDigest(a: string, b: string) {
  const x = Buffer.from(a, 'hex')
  const y = Buffer.from(b, 'hex')
  return x.length === y.length && x.length > 0 && timingSafeEqual(x, y)
}

/** Opens a link: view access for the actor (never lowers an access). SHARE_LINK_INVALID / SHARE_LINK_EXPIRED. */
export async function acceptShareLink(ctx: Ctx, input: { token: string; packageId?: string }): Promise<{ packageId: string }> {
  const actor = actorOf(ctx)
  const token = (input.token ?? '').trim()
  if (!token || token.length > 200) throw new DomainError('SHARE_LINK_INVALID')
  const digest = hashSecret(token)
  return ctx.db.transaction().execute(async (trx) => {
    const link = await trx.selectFrom('package_share_links').selectAll().where('token_hash', '=', digest).executeTakeFirst()
    if (!link || !sameDigest(link.token_hash, digest) || link.revoked_at) throw new DomainError('SHARE_LINK_INVALID')
    // A link of package A never opens package B.
    if (input.packageId && input.packageId !== link.package_id) throw new DomainError('SHARE_LINK_INVALID')
    const now = nowIso(ctx.now)
    if (link.expires_at && link.expires_at <= now) throw new DomainError('SHARE_LINK_EXPIRED')
    const pkg = await trx.selectFrom('packages').selectAll().where('id', '=', link.package_id).executeTakeFirstOrThrow()
    await grant(trx, pkg, actor.id, 'view', now)
    await trx.updateTable('package_share_links').set({ last_used_at: now }).where('id', '=', link.id).execute()
    return { packageId: pkg.id }
  })
}
