import type { Selectable } from 'kysely'
import type { InvitationsTable } from '~/db/schema'
import { DomainError } from '~/errors'
import { invitationEmail } from '~/mail/invitation-mail.server'
import { sendMail } from '~/mail/mailer.server'
import { addSeconds, newId, nowIso } from '~/utils/ids.server'
import { requireActiveOrgAdmin, requireOrgAdmin } from '../access.server'
import { recordAudit, removeAudit } from '../audit.server'
import type { Ctx } from '../context.server'
import { actorOf } from '../context.server'
import { codeHashes, generateCode } from './invitation-codes.server'
import { createAlerts, type NewAlert } from '../alerts/alerts.server'
import { requireGroupAccess } from '../groups/group-access.server'
import type { CreateInvitationInput } from './invitations.schemas'
import { resendExisting } from './invitation-admin.server'

/*
 * Invitations to an organization or a group: listing them, and creating them (the code, its email,
 * the audit entry). Resending and revoking: invitation-admin.server.ts; redeeming a code:
 * invitation-redemption.server.ts (its rate limits: invitation-redeem-limits.server.ts); a
 * sign-up's code waiting for the new user: invitation-sign-up.server.ts.
 */

/**
 * How long an invitation code works after it is created or resent: a week. With the redemption
 * limits, guessing one live code of a large organization takes years (docs/invitation-codes.md).
 */
export const INVITATION_TTL_SECONDS = 7 * 24 * 60 * 60

export type InvitationStatus = 'pending' | 'used' | 'declined' | 'expired'

/** The Invitation of the specification (section 3), with its status and expiry. */
export interface Invitation {
  _id: string
  created: string
  type: 'email' | 'open'
  email?: string
  groupCreator: boolean
  status: InvitationStatus
  expires: string
}

type InvitationRow = Pick<
  Selectable<InvitationsTable>,
  'id' | 'created_at' | 'type' | 'email' | 'group_creator' | 'expires_at' | 'used_at'
> & {
  declined_at?: string | null
}

function statusOf(row: Pick<InvitationRow, 'type' | 'used_at' | 'expires_at' | 'declined_at'>, now: Date): InvitationStatus {
  if (row.type === 'email' && row.used_at) return 'used'
  // Declined by its addressee in the invitations inbox (migration 022).
  if (row.declined_at) return 'declined'
  return row.expires_at <= nowIso(now) ? 'expired' : 'pending'
}

export function toInvitation(row: InvitationRow, now: Date): Invitation {
  return {
    _id: row.id,
    created: row.created_at,
    type: row.type,
    ...(row.type === 'email' && row.email ? { email: row.email } : {}),
    groupCreator: Number(row.group_creator) === 1,
    status: statusOf(row, now),
    expires: row.expires_at,
  }
}

export const invitationColumns = ['id', 'created_at', 'type', 'email', 'group_creator', 'expires_at', 'used_at', 'declined_at'] as const

/**
 * The organization's invitations (not those to a group), newest first. Admins only. `purpose`
 * picks one kind: 'groupCreator' (the group creators page), or 'member' (an import's or "add by
 * email"'s invitations to become a member, the members page, only those not used yet).
 */
export async function listInvitations(ctx: Ctx, organizationId: string, purpose?: 'groupCreator' | 'member'): Promise<Invitation[]> {
  await requireOrgAdmin(ctx, organizationId)
  const rows = await ctx.db
    .selectFrom('invitations')
    .select(invitationColumns)
    .where('organization_id', '=', organizationId)
    .where('group_id', 'is', null)
    .where('revoked_at', 'is', null)
    .$if(purpose === 'groupCreator', (qb) => qb.where('group_creator', '=', 1))
    .$if(purpose === 'member', (qb) => qb.where('group_creator', '=', 0).where('used_at', 'is', null))
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute()
  return rows.map((r) => toInvitation(r, ctx.now))
}

/**
 * The group's email invitations, newest first (at most 50), with their status (a declined one
 * says so: the inbox, docs/invitations.md), for those who may invite to it: its owners and
 * leaders (manageMembers) and the admins of its organization; others FORBIDDEN, anyone who may
 * not see the group GROUP_NOT_FOUND.
 */
export async function listGroupInvitations(ctx: Ctx, groupId: string): Promise<Invitation[]> {
  const { isOrgAdmin, rights } = await requireGroupAccess(ctx, groupId)
  if (!isOrgAdmin && !rights.manageMembers) throw new DomainError('FORBIDDEN')
  const rows = await ctx.db
    .selectFrom('invitations')
    .select(invitationColumns)
    .where('group_id', '=', groupId)
    .where('type', '=', 'email')
    .where('revoked_at', 'is', null)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(50)
    .execute()
  return rows.map((r) => toInvitation(r, ctx.now))
}

/**
 * A code no other invitation has, under any secret of SESSION_SECRET (a collision among ~4.8e8
 * codes is rare; the column is unique too), and its hash under the signing secret.
 */
export async function freshCode(ctx: Ctx) {
  for (let attempt = 0; attempt < 5; attempt++) {
    const code = generateCode()
    const hashes = codeHashes(code)
    const taken = await ctx.db.selectFrom('invitations').select('id').where('code_hash', 'in', hashes).executeTakeFirst()
    if (!taken) return { code, codeHash: hashes[0] }
  }
  throw new Error('Could not find a free invitation code')
}

interface Target {
  organizationId: string
  organizationName: string
  groupId: string | null
  groupName: string | null
  /** An invitation to the organization: to become a group creator (else a member). */
  groupCreator?: boolean
}

/** Emails the code to the invitee: in their locale if they have an account, else in the inviter's. */
export async function mailInvitation(ctx: Ctx, target: Target, email: string, code: string, expiresAt: string) {
  const inviter = actorOf(ctx)
  const invitee = await ctx.db.selectFrom('users').select(['name', 'locale', 'timezone']).where('email', '=', email).executeTakeFirst()
  await sendMail(
    ctx.db,
    invitationEmail({
      to: email,
      name: invitee?.name ?? null,
      locale: invitee?.locale ?? inviter.locale,
      timezone: invitee?.timezone ?? inviter.timezone,
      kind: target.groupId ? 'group' : target.groupCreator === false ? 'organization' : 'groupCreator',
      organization: target.organizationName,
      group: target.groupName ?? undefined,
      inviter: inviter.name,
      code,
      expiresAt,
    }),
  )
}

async function issueInvitation(
  ctx: Ctx,
  target: Target,
  input: { type: 'email' | 'open'; email?: string; groupCreator: boolean },
  /** Alerts that commit with the invitation (and go with it if its email cannot be sent). */
  alerts: NewAlert[] = [],
): Promise<{ invitation: Invitation; code: string; resent: boolean }> {
  const actor = actorOf(ctx)
  if (input.type === 'email') {
    // The same address invited again to the same thing: the invitation it has is sent again (issue 35).
    const target_ = { organizationId: target.organizationId, groupId: target.groupId, groupCreator: input.groupCreator }
    const resent = await resendExisting(ctx, { ...target_, email: input.email! })
    if (resent) return { ...resent, resent: true }
  }
  const email = input.type === 'email' ? input.email!.trim().toLowerCase() : null
  const { code, codeHash } = await freshCode(ctx)
  const row = {
    id: newId(),
    organization_id: target.organizationId,
    group_id: target.groupId,
    type: input.type,
    email,
    group_creator: input.groupCreator ? 1 : 0,
    code_hash: codeHash,
    created_by: actor.id,
    created_at: nowIso(ctx.now),
    expires_at: addSeconds(ctx.now, INVITATION_TTL_SECONDS).toISOString(),
    used_at: null,
  }
  // The invitation and its audit entry commit together.
  const auditId = await ctx.db.transaction().execute(async (trx) => {
    await trx.insertInto('invitations').values(row).execute()
    await createAlerts(trx, alerts, ctx.now)
    return recordAudit(
      { ...ctx, db: trx },
      {
        organizationId: target.organizationId,
        action: 'invitation.create',
        items: [row.id],
        result: { SUCCESS: 1, type: input.type, ...(target.groupId ? { groupId: target.groupId } : { groupCreator: input.groupCreator }) },
      },
    )
  })
  if (email) {
    try {
      await mailInvitation(ctx, target, email, code, row.expires_at)
    } catch (error) {
      // No email, no invitation (nor its record): the admin sees the failure and tries again.
      await ctx.db.transaction().execute(async (trx) => {
        await trx.deleteFrom('invitations').where('id', '=', row.id).execute()
        await removeAudit(trx, auditId)
        for (const a of alerts) {
          await trx
            .deleteFrom('alerts')
            .where('user_id', '=', a.userId)
            .where('template', '=', a.template)
            .where('target_id', '=', a.target.id)
            .where('created_at', '=', nowIso(ctx.now))
            .execute()
        }
      })
      throw error
    }
  }
  return { invitation: toInvitation(row, ctx.now), code, resent: false }
}

/**
 * Invites someone to become a member and group creator of the organization. An email invitation
 * sends the code to that address (only it may redeem the code, once); an open one returns the
 * code to be handed out (anyone may redeem it until it expires). The code is stored hashed, so
 * this is the only time it can be shown. Not in an inactive organization (ORGANIZATION_INACTIVE).
 */
export async function createInvitation(ctx: Ctx, organizationId: string, input: CreateInvitationInput) {
  const org = await requireActiveOrgAdmin(ctx, organizationId)
  if (input.type === 'email') {
    const member = await ctx.db
      .selectFrom('organization_members as m')
      .innerJoin('users as u', 'u.id', 'm.user_id')
      .select('m.is_group_creator')
      .where('m.organization_id', '=', organizationId)
      .where('u.email', '=', input.email.toLowerCase())
      .executeTakeFirst()
    if (member && Number(member.is_group_creator) === 1) throw new DomainError('ALREADY_GROUP_CREATOR', { email: input.email })
  }
  return issueInvitation(
    ctx,
    { organizationId, organizationName: org.name, groupId: null, groupName: null },
    { ...input, groupCreator: true },
  )
}

/**
 * An invitation to become a member of a group (and so of its organization), by email or as an
 * open code. For the group's owners and leaders (the role table's manageMembers) and the admins
 * of its organization; others who see the group get FORBIDDEN, anyone else GROUP_NOT_FOUND. Not
 * in an inactive organization (ORGANIZATION_INACTIVE). An email to someone who already has an
 * account also gives them the alert group.invitation.new, committed with the invitation.
 */
export async function createGroupInvitation(
  ctx: Ctx,
  groupId: string,
  input: { type: 'email' | 'open'; email?: string } = { type: 'open' },
) {
  const { group, organization, isOrgAdmin, rights } = await requireGroupAccess(ctx, groupId)
  if (!isOrgAdmin && !rights.manageMembers) throw new DomainError('FORBIDDEN')
  if (!organization.active) throw new DomainError('ORGANIZATION_INACTIVE')
  if (input.type === 'email' && !input.email) throw new DomainError('BAD_REQUEST', { errors: { email: ['validation.required'] } })
  const invitee =
    input.type === 'email'
      ? await ctx.db.selectFrom('users').select('id').where('email', '=', input.email!.trim().toLowerCase()).executeTakeFirst()
      : undefined
  const alerts: NewAlert[] = invitee
    ? [
        {
          userId: invitee.id,
          template: 'group.invitation.new',
          target: { type: 'group', id: group.id },
          organizationId: organization.id,
          actorId: actorOf(ctx).id,
          data: { groupName: group.name, organizationName: organization.name },
        },
      ]
    : []
  return issueInvitation(
    ctx,
    { organizationId: organization.id, organizationName: organization.name, groupId: group.id, groupName: group.name },
    { ...input, groupCreator: false },
    alerts,
  )
}
