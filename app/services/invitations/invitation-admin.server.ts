import { DomainError } from '~/errors'
import { addSeconds, nowIso } from '~/utils/ids.server'
import { requireActiveOrganization, requireOrgAdmin } from '../access.server'
import { recordAudit, removeAudit } from '../audit.server'
import type { Ctx } from '../context.server'
import { actorOf } from '../context.server'
import { freshCode, INVITATION_TTL_SECONDS, invitationColumns, mailInvitation, toInvitation, type Invitation } from './invitations.server'

/*
 * What an admin does to an invitation already made (spec section 8): send it again with a new
 * code, or revoke it. Creating and listing invitations is invitations.server.ts.
 */

/** Limits an invitation look-up to one organization (the screen's), or any the actor administers. */
interface InvitationScope {
  organizationId?: string
}

/** An invitation the actor administers (through its organization), or INVITATION_NOT_FOUND; STRONG_AUTH_REQUIRED if its policy stops them. */
async function requireAdministeredInvitation(ctx: Ctx, invitationId: string, scope: InvitationScope = {}) {
  const actor = actorOf(ctx)
  const row = await ctx.db
    .selectFrom('invitations as i')
    .innerJoin('organization_members as m', (join) =>
      join.onRef('m.organization_id', '=', 'i.organization_id').on('m.user_id', '=', actor.id).on('m.role', '=', 'admin'),
    )
    .innerJoin('organizations as o', 'o.id', 'i.organization_id')
    .leftJoin('groups as g', 'g.id', 'i.group_id')
    .select([
      ...invitationColumns.map((c) => `i.${c}` as const),
      'i.organization_id',
      'i.group_id',
      'o.name as organizationName',
      'g.name as groupName',
    ])
    .where('i.id', '=', invitationId)
    .where('i.revoked_at', 'is', null)
    .$if(scope.organizationId !== undefined, (qb) => qb.where('i.organization_id', '=', scope.organizationId!))
    .executeTakeFirst()
  if (!row) throw new DomainError('INVITATION_NOT_FOUND')
  // The organization's two-step policy (STRONG_AUTH_REQUIRED), as on every admin screen and call.
  await requireOrgAdmin(ctx, row.organization_id)
  return row
}

/**
 * Sends an email invitation again with a new code and a new expiry; the old code stops working.
 * A declined one waits again for an answer. A used invitation cannot be resent (USED); an open one has no address (BAD_REQUEST); nor can
 * one of an inactive organization (ORGANIZATION_INACTIVE). Revoking always works.
 */
export async function resendInvitation(ctx: Ctx, invitationId: string, scope: InvitationScope = {}): Promise<Invitation> {
  const row = await requireAdministeredInvitation(ctx, invitationId, scope)
  await requireActiveOrganization(ctx.db, row.organization_id)
  if (row.type !== 'email' || !row.email) throw new DomainError('BAD_REQUEST', { errors: { type: ['invitations.resendOnlyEmail'] } })
  if (row.used_at) throw new DomainError('USED')
  return (await resendRow(ctx, { ...row, email: row.email })).invitation
}

/**
 * The unused email invitation to this address for the same thing (the organization as a member or
 * as a group creator, or a group), sent again with a new code instead of a second one (issue 35):
 * the resent invitation, or null when there is none. For callers that have checked the actor may
 * invite there (invitations.server.ts). Its new code comes back, as a new invitation's does.
 */
export async function resendExisting(
  ctx: Ctx,
  target: { organizationId: string; groupId: string | null; groupCreator: boolean; email: string },
): Promise<{ invitation: Invitation; code: string } | null> {
  const row = await ctx.db
    .selectFrom('invitations as i')
    .innerJoin('organizations as o', 'o.id', 'i.organization_id')
    .leftJoin('groups as g', 'g.id', 'i.group_id')
    .select([
      ...invitationColumns.map((c) => `i.${c}` as const),
      'i.organization_id',
      'i.group_id',
      'o.name as organizationName',
      'g.name as groupName',
    ])
    .where('i.organization_id', '=', target.organizationId)
    .where('i.type', '=', 'email')
    .where('i.email', '=', target.email.trim().toLowerCase())
    .where('i.used_at', 'is', null)
    .where('i.revoked_at', 'is', null)
    .$call((qb) => (target.groupId ? qb.where('i.group_id', '=', target.groupId) : qb.where('i.group_id', 'is', null)))
    .where('i.group_creator', '=', target.groupCreator ? 1 : 0)
    .orderBy('i.created_at', 'desc')
    .executeTakeFirst()
  return row ? resendRow(ctx, { ...row, email: row.email! }) : null
}

type ResendRow = Awaited<ReturnType<typeof requireAdministeredInvitation>> & { email: string }

/** A new code and expiry for an unused email invitation, mailed; the old code stops working. */
async function resendRow(ctx: Ctx, row: ResendRow): Promise<{ invitation: Invitation; code: string }> {
  const previous = await ctx.db
    .selectFrom('invitations')
    .select(['code_hash', 'expires_at'])
    .where('id', '=', row.id)
    .executeTakeFirstOrThrow()
  const { code, codeHash } = await freshCode(ctx)
  const expiresAt = addSeconds(ctx.now, INVITATION_TTL_SECONDS).toISOString()
  // The new code and its audit entry commit together.
  const auditId = await ctx.db.transaction().execute(async (trx) => {
    const updated = await trx
      .updateTable('invitations')
      // A declined invitation sent again waits for a new answer.
      .set({ code_hash: codeHash, expires_at: expiresAt, declined_at: null })
      .where('id', '=', row.id)
      .where('used_at', 'is', null)
      .where('revoked_at', 'is', null)
      .executeTakeFirst()
    if (Number(updated.numUpdatedRows) === 0) throw new DomainError('USED')
    return recordAudit(
      { ...ctx, db: trx },
      { organizationId: row.organization_id, action: 'invitation.resend', items: [row.id], result: { SUCCESS: 1 } },
    )
  })
  const target = {
    organizationId: row.organization_id,
    organizationName: row.organizationName,
    groupId: row.group_id,
    groupName: row.groupName,
    groupCreator: Number(row.group_creator) === 1,
  }
  try {
    await mailInvitation(ctx, target, row.email, code, expiresAt)
  } catch (error) {
    await ctx.db.transaction().execute(async (trx) => {
      await trx.updateTable('invitations').set(previous).where('id', '=', row.id).execute()
      await removeAudit(trx, auditId)
    })
    throw error
  }
  return { invitation: toInvitation({ ...row, expires_at: expiresAt, declined_at: null }, ctx.now), code }
}

/**
 * Revokes (deletes) an invitation: its code stops working at once. Admins of its organization only.
 * A used email invitation has nothing left to revoke (USED): the person is a member; remove them instead.
 */
export async function revokeInvitation(ctx: Ctx, invitationId: string, scope: InvitationScope = {}) {
  const row = await requireAdministeredInvitation(ctx, invitationId, scope)
  if (row.type === 'email' && row.used_at) throw new DomainError('USED')
  await ctx.db.transaction().execute(async (trx) => {
    await trx
      .updateTable('invitations')
      .set({ revoked_at: nowIso(ctx.now) })
      .where('id', '=', row.id)
      .execute()
    await recordAudit(
      { ...ctx, db: trx },
      { organizationId: row.organization_id, action: 'invitation.revoke', items: [row.id], result: { SUCCESS: 1 } },
    )
  })
}
