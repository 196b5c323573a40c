import { isPostgres } from '~/db/collation'
import type { DB } from '~/db/db.server'
import type { CollaboratorAccess } from '~/db/schema'
import { DomainError } from '~/errors'
import { sendMail } from '~/mail/mailer.server'
import { packageInvitationEmail } from '~/mail/package-invitation-mail.server'
import { addSeconds, newId, nowIso } from '~/utils/ids.server'
import { createAlert, subscribedUsers } from '../alerts/alerts.server'
import { actorOf, type Ctx } from '../context.server'
import { requirePackage, type PackageRow } from './access.server'
import { grant } from './collaborators.server'
import { InviteCollaboratorSchema, PACKAGE_LIMITS, type InviteCollaboratorInput } from './packages.schemas'
import { pendingInvitations } from './sharing.server'
import type { SentInvitation } from './types'

/* Invitations by email to collaborate on a package: the owner's side (invite, resend, revoke) and the invitee's (accept, decline). */

/**
 * The invitation's email to its address, and (`alert`) its alert: once, when the invitation is
 * made; a resend sends the email again but adds no second alert to the feed. Each is skipped if
 * its user unsubscribed.
 */
async function notifyInvitee(
  ctx: Ctx,
  db: DB,
  pkg: PackageRow,
  invitation: { id: string; email: string; access: CollaboratorAccess },
  options: { alert: boolean },
) {
  const actor = actorOf(ctx)
  const user = await db.selectFrom('users').select(['id', 'name', 'locale']).where('email', '=', invitation.email).executeTakeFirst()
  if (user) {
    if (options.alert) {
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
    }
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
export async function inviteCollaborator(
  ctx: Ctx,
  input: InviteCollaboratorInput,
): Promise<SentInvitation & { alreadyInvited?: boolean; resent?: boolean }> {
  const { packageId, email, access } = InviteCollaboratorSchema.parse(input)
  const actor = actorOf(ctx)
  return ctx.db.transaction().execute(async (trx) => {
    const { row } = await requirePackage(ctx, trx, packageId, 'owner')
    // Two invitations at once must not both see room for one more: PostgreSQL locks the package
    // row (SQLite runs one writing transaction at a time already).
    if (isPostgres(trx)) await trx.selectFrom('packages').select('id').where('id', '=', packageId).forUpdate().execute()
    const user = await trx.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst()
    const collaborator = user
      ? await trx
          .selectFrom('package_collaborators')
          .select('user_id')
          .where('package_id', '=', packageId)
          .where('user_id', '=', user.id)
          .executeTakeFirst()
      : undefined
    const pending = await trx
      .selectFrom('package_invitations')
      .select('id')
      .where('package_id', '=', packageId)
      .where((eb) => eb(eb.fn('lower', ['email']), '=', email.toLowerCase()))
      .where('status', '=', 'pending')
      .executeTakeFirst()
    if (user?.id === row.owner_id || collaborator) throw new DomainError('PACKAGE_ALREADY_SHARED')
    // Invited already: that invitation is sent again (at most once a minute), with the access asked now (issue 35).
    if (pending) return resendPending(ctx, trx, row, pending.id, access)
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
    await notifyInvitee(ctx, trx, row, invitation, { alert: true })
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

/**
 * An address invited again while its invitation waits: that one, with the access asked now, and its
 * email again unless it went less than RESEND_INTERVAL_SECONDS ago (`resent` says which).
 */
async function resendPending(ctx: Ctx, trx: DB, row: PackageRow, invitationId: string, access: InviteCollaboratorInput['access']) {
  const invitation = await requirePendingInvitation(trx, row.id, invitationId)
  const soon = addSeconds(new Date(invitation.sent_at), RESEND_INTERVAL_SECONDS) > ctx.now
  await trx
    .updateTable('package_invitations')
    .set({ access, ...(soon ? {} : { sent_at: nowIso(ctx.now) }) })
    .where('id', '=', invitation.id)
    .execute()
  if (!soon) await notifyInvitee(ctx, trx, row, { ...invitation, access }, { alert: false })
  const [sent] = await pendingInvitations(trx, row.id, invitation.id)
  return { ...sent, resent: !soon, alreadyInvited: true }
}

/** Sends a pending invitation's email again (not its alert: one invitation, one alert), at most once a minute. Owner only. */
export async function resendInvitation(ctx: Ctx, input: { packageId: string; invitationId: string }): Promise<SentInvitation> {
  return ctx.db.transaction().execute(async (trx) => {
    const { row } = await requirePackage(ctx, trx, input.packageId, 'owner')
    const invitation = await requirePendingInvitation(trx, input.packageId, input.invitationId)
    // One email a minute per invitation, however often the button is pressed.
    const retryAt = addSeconds(new Date(invitation.sent_at), RESEND_INTERVAL_SECONDS)
    if (retryAt > ctx.now) throw new DomainError('TOO_MANY_ATTEMPTS', { retryAt: retryAt.toISOString() })
    await trx
      .updateTable('package_invitations')
      .set({ sent_at: nowIso(ctx.now) })
      .where('id', '=', invitation.id)
      .execute()
    await notifyInvitee(ctx, trx, row, invitation, { alert: false })
    return (await pendingInvitations(trx, input.packageId, invitation.id))[0]
  })
}

/** Revokes a pending invitation. Owner only. */
export async function revokeInvitation(ctx: Ctx, input: { packageId: string; invitationId: string }): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    await requirePackage(ctx, trx, input.packageId, 'owner')
    const invitation = await requirePendingInvitation(trx, input.packageId, input.invitationId)
    await trx
      .updateTable('package_invitations')
      .set({ status: 'revoked', responded_at: nowIso(ctx.now) })
      .where('id', '=', invitation.id)
      .execute()
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
/** The invitee accepts: they become a collaborator with the invitation's access. Returns the package id. */
export async function acceptInvitation(ctx: Ctx, invitationId: string): Promise<{ packageId: string; packageName: string }> {
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
    return { packageId: pkg.id, packageName: pkg.name }
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
