import { DomainError } from '~/errors'
import { nowIso } from '~/utils/ids.server'
import { recordAudit } from '../audit.server'
import { actorOf, type Ctx } from '../context.server'
import { redeemInvitationById } from './invitation-redemption.server'
import {
  acceptInvitation as acceptPackageInvitation,
  declineInvitation as declinePackageInvitation,
} from '../library/collaborator-invitations.server'
import { receivedInvitations } from '../library/feed.server'
import type { CollaboratorAccess } from '~/db/schema'

/*
 * The invitations inbox (/invitations, docs/invitations.md): every pending invitation addressed to
 * the actor, by kind (a group, a library package, an organization's group creators), and the
 * actor's answer to one. Accepting a group or group-creator invitation redeems it by the same rules
 * as its code (invitation-redemption.server.ts); a package invitation is answered by the library's
 * service. Declining records `invitations.declined_at` (migration 022) or the package invitation's
 * status. The header's counts (notification-counts.server.ts) count exactly these lists.
 */

export const INBOX_KINDS = ['groups', 'packages', 'organizations'] as const
export type InboxKind = (typeof INBOX_KINDS)[number]

export const isInboxKind = (value: unknown): value is InboxKind => INBOX_KINDS.includes(value as InboxKind)

interface Inviter {
  id: string
  name: string
}

/** An invitation to a group (its organization named too) or to be a group creator of an organization. */
export interface InboxInvitation {
  id: string
  /** The group's name, or the organization's for a group-creator invitation. */
  name: string
  organizationId: string
  organization: string
  invitedBy: Inviter | null
  createdAt: string
  expiresAt: string
}

export interface InboxPackageInvitation {
  id: string
  packageId: string
  name: string
  access: CollaboratorAccess
  invitedBy: Inviter | null
  createdAt: string
}

export interface Inbox {
  groups: InboxInvitation[]
  packages: InboxPackageInvitation[]
  organizations: InboxInvitation[]
}

/**
 * The pending invitations (organization's or group's table) addressed to the actor's email: not
 * used, revoked, declined or expired. `groups` are those to a group, `organizations` the
 * group-creator ones. notification-counts.server.ts counts the same rows.
 */
export function pendingAddressedToActor(ctx: Ctx, kind: 'groups' | 'organizations') {
  const query = ctx.db
    .selectFrom('invitations as i')
    .where('i.email', '=', actorOf(ctx).email.toLowerCase())
    .where('i.used_at', 'is', null)
    .where('i.revoked_at', 'is', null)
    .where('i.declined_at', 'is', null)
    .where('i.expires_at', '>', nowIso(ctx.now))
  return kind === 'groups'
    ? query.where('i.group_id', 'is not', null)
    : query.where('i.group_id', 'is', null).where('i.group_creator', '=', 1)
}

async function addressed(ctx: Ctx, kind: 'groups' | 'organizations'): Promise<InboxInvitation[]> {
  const rows = await pendingAddressedToActor(ctx, kind)
    .innerJoin('organizations as o', 'o.id', 'i.organization_id')
    .leftJoin('groups as g', 'g.id', 'i.group_id')
    .leftJoin('users as u', 'u.id', 'i.created_by')
    .select([
      'i.id',
      'i.organization_id',
      'o.name as organization_name',
      'g.name as group_name',
      'u.id as inviter_id',
      'u.name as inviter_name',
    ])
    .select(['i.created_at', 'i.expires_at'])
    .orderBy('i.created_at', 'desc')
    .orderBy('i.id', 'desc')
    .limit(500)
    .execute()
  return rows.map((r) => ({
    id: r.id,
    name: kind === 'groups' ? (r.group_name ?? '') : r.organization_name,
    organizationId: r.organization_id,
    organization: r.organization_name,
    invitedBy: r.inviter_id ? { id: r.inviter_id, name: r.inviter_name ?? '' } : null,
    createdAt: r.created_at,
    expiresAt: r.expires_at,
  }))
}

/** Everything waiting for the actor's answer, newest first in each kind. */
export async function myInvitations(ctx: Ctx): Promise<Inbox> {
  const actor = actorOf(ctx)
  const [groups, packages, organizations] = await Promise.all([
    addressed(ctx, 'groups'),
    receivedInvitations(ctx, actor.id),
    addressed(ctx, 'organizations'),
  ])
  return {
    groups,
    packages: packages.map((p) => ({
      id: p.id,
      packageId: p.packageId,
      name: p.packageName,
      access: p.access,
      invitedBy: p.invitedBy,
      createdAt: p.createdAt,
    })),
    organizations,
  }
}

export interface InboxAnswer {
  kind: InboxKind
  /** What was accepted or declined: the group's, package's or organization's name. */
  name: string
  /** After accepting: the group's home, the package's view, or where a new group creator starts. */
  redirectTo: string
  /**
   * Accepting found the user already where the invitation leads (a member of the group, a group
   * creator of the organization): the catalogue code that says so. The invitation is settled.
   */
  already?: 'ALREADY_ADDED_TO_GROUP' | 'IS_ALREADY_GROUP_CREATOR'
}

/** The pending invitation of that kind and id addressed to the actor, else the kind's NOT_FOUND. */
async function mine(ctx: Ctx, kind: InboxKind, id: string) {
  if (kind === 'packages') {
    const row = await ctx.db
      .selectFrom('package_invitations as i')
      .innerJoin('packages as p', 'p.id', 'i.package_id')
      .select(['i.id', 'p.id as target_id', 'p.name'])
      .where('i.id', '=', id)
      .where('i.email', '=', actorOf(ctx).email.toLowerCase())
      .where('i.status', '=', 'pending')
      .executeTakeFirst()
    if (!row) throw new DomainError('PACKAGE_INVITATION_NOT_FOUND')
    return row
  }
  const row = await pendingAddressedToActor(ctx, kind)
    .innerJoin('organizations as o', 'o.id', 'i.organization_id')
    .leftJoin('groups as g', 'g.id', 'i.group_id')
    .select(['i.id', 'i.organization_id as target_id'])
    .select((eb) => (kind === 'groups' ? eb.ref('g.name') : eb.ref('o.name')).as('name'))
    .where('i.id', '=', id)
    .executeTakeFirst()
  if (row) return { ...row, name: row.name ?? '' }
  // Tell the addressee why their own invitation no longer waits (the code page says the same).
  const declined = await ctx.db
    .selectFrom('invitations')
    .select('id')
    .where('id', '=', id)
    .where('email', '=', actorOf(ctx).email.toLowerCase())
    .where('declined_at', 'is not', null)
    .executeTakeFirst()
  throw new DomainError(declined ? 'INVITATION_DECLINED' : 'INVITATION_NOT_FOUND')
}

/**
 * Accepts an invitation of the inbox: a group's makes the actor a member (and of its organization);
 * an organization's a group creator; a package's a collaborator. Only the addressee may: anyone
 * else gets INVITATION_NOT_FOUND / PACKAGE_INVITATION_NOT_FOUND, as for an unknown id.
 */
export async function acceptMyInvitation(ctx: Ctx, input: { kind: InboxKind; id: string }): Promise<InboxAnswer> {
  const found = await mine(ctx, input.kind, input.id)
  if (input.kind === 'packages') {
    const { packageId } = await acceptPackageInvitation(ctx, input.id)
    return { kind: input.kind, name: found.name, redirectTo: `/library/packages/view/${packageId}` }
  }
  // A new group creator starts where they may now act: creating a group in that organization.
  const creatorStart = `/create/group?organizationId=${encodeURIComponent(found.target_id)}`
  try {
    const result = await redeemInvitationById(ctx, input.id)
    return { kind: input.kind, name: result.name, redirectTo: input.kind === 'organizations' ? creatorStart : result.redirectTo }
  } catch (error) {
    if (!(error instanceof DomainError) || (error.code !== 'ALREADY_ADDED_TO_GROUP' && error.code !== 'IS_ALREADY_GROUP_CREATOR'))
      throw error
    // Added meanwhile by other means: the invitation has nothing left to do, so it leaves the
    // inbox (used by the user) instead of waiting there for an answer that cannot be given.
    await ctx.db
      .updateTable('invitations')
      .set({ used_at: nowIso(ctx.now), used_by: actorOf(ctx).id })
      .where('id', '=', input.id)
      .where('used_at', 'is', null)
      .execute()
    const redirectTo = input.kind === 'organizations' ? creatorStart : String(error.data.redirectTo ?? '/invitations')
    return { kind: input.kind, name: found.name, redirectTo, already: error.code }
  }
}

/**
 * Declines an invitation of the inbox: it leaves the inbox and the header's counts, its sender sees
 * it as declined, and a group or group-creator invitation's code stops working
 * (INVITATION_DECLINED). Only the addressee may, as for accepting.
 */
export async function declineMyInvitation(ctx: Ctx, input: { kind: InboxKind; id: string }): Promise<InboxAnswer> {
  const found = await mine(ctx, input.kind, input.id)
  if (input.kind === 'packages') {
    await declinePackageInvitation(ctx, input.id)
    return { kind: input.kind, name: found.name, redirectTo: '/invitations#packages' }
  }
  const now = nowIso(ctx.now)
  await ctx.db.transaction().execute(async (trx) => {
    const declined = await trx
      .updateTable('invitations')
      .set({ declined_at: now })
      .where('id', '=', input.id)
      .where('declined_at', 'is', null)
      .where('used_at', 'is', null)
      .executeTakeFirst()
    if (Number(declined.numUpdatedRows) === 0) throw new DomainError('INVITATION_NOT_FOUND')
    await recordAudit(
      { ...ctx, db: trx },
      { organizationId: found.target_id, action: 'invitation.decline', items: [input.id], result: { SUCCESS: 1 } },
    )
  })
  return { kind: input.kind, name: found.name, redirectTo: `/invitations#${input.kind}` }
}
