// @ts-nocheck -- skeleton: the bodies follow
import type { Ctx } from '../context.server'
import type { CollaboratorAccess } from '~/db/schema'
import type { CreateShareLinkInput, InviteCollaboratorInput } from './packages.schemas'
import type { PackageSharing, SentInvitation, ShareLink } from './types'

/** Step 4: collaborators, pending invitations and links. Owner and editors (canManage: owner). */
export async function packageSharing(ctx: Ctx, packageId: string): Promise<PackageSharing> {
  throw new Error('not yet')
}

/** Invites an email address (view or edit): alert + email to the invitee. Owner only. */
export async function inviteCollaborator(ctx: Ctx, input: InviteCollaboratorInput): Promise<SentInvitation> {
  throw new Error('not yet')
}

/** Sends a pending invitation's email again. Owner only. */
export async function resendInvitation(ctx: Ctx, input: { packageId: string; invitationId: string }): Promise<SentInvitation> {
  throw new Error('not yet')
}

/** Revokes a pending invitation. Owner only. */
export async function revokeInvitation(ctx: Ctx, input: { packageId: string; invitationId: string }): Promise<void> {
  throw new Error('not yet')
}

/** The invitee accepts: they become a collaborator with the invitation's access. Returns the package id. */
export async function acceptInvitation(ctx: Ctx, invitationId: string): Promise<{ packageId: string }> {
  throw new Error('not yet')
}

/** The invitee declines. */
export async function declineInvitation(ctx: Ctx, invitationId: string): Promise<void> {
  throw new Error('not yet')
}

/** Changes a collaborator's access (package.shared alert when raised). Owner only. */
export async function changeCollaboratorAccess(ctx: Ctx, input: { packageId: string; userId: string; access: CollaboratorAccess }): Promise<void> {
  throw new Error('not yet')
}

/** Removes a collaborator: the owner removes anyone; a collaborator may remove themself (leave). */
export async function removeCollaborator(ctx: Ctx, input: { packageId: string; userId: string }): Promise<void> {
  throw new Error('not yet')
}

/** Hands the package over to one of its editors; the old owner becomes an editor. Owner only. */
export async function handOverPackage(ctx: Ctx, input: { packageId: string; userId: string }): Promise<void> {
  throw new Error('not yet')
}

/** A new share link (view access); the token is returned only here (it is stored hashed). Owner only. */
export async function createShareLink(ctx: Ctx, input: CreateShareLinkInput): Promise<{ link: ShareLink; token: string }> {
  throw new Error('not yet')
}

/** Revokes a link. Owner only. */
export async function revokeShareLink(ctx: Ctx, input: { packageId: string; linkId: string }): Promise<void> {
  throw new Error('not yet')
}

/** Opens a link: view access for the actor (never lowers an access). SHARE_LINK_INVALID / SHARE_LINK_EXPIRED. */
export async function acceptShareLink(ctx: Ctx, input: { token: string; packageId?: string }): Promise<{ packageId: string }> {
  throw new Error('not yet')
}
