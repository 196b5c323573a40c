import { sql, type Selectable } from 'kysely'
import { refundAttempt, takeAttempts, type RateLimitPolicy } from '~/auth/rate-limit.server'
import type { InvitationsTable } from '~/db/schema'
import { DomainError } from '~/errors'
import { invitationEmail } from '~/mail/invitation-mail.server'
import { sendMail } from '~/mail/mailer.server'
import { addSeconds, newId, nowIso } from '~/utils/ids.server'
import { requireActiveOrgAdmin, requireActiveOrganization, requireOrgAdmin } from './access.server'
import { recordAudit, removeAudit } from './audit.server'
import { lockOrganization } from './bulk.server'
import type { Ctx } from './context.server'
import { actorOf } from './context.server'
import { generateCode, hashCode, isWellFormedCode } from './invitation-codes.server'
import type { CreateInvitationInput } from './invitations.schemas'

/** How long an invitation code works after it is created or resent. */
export const INVITATION_TTL_SECONDS = 7 * 24 * 60 * 60

/**
 * Redemption attempts, per user and per client: 10 failures within an hour block the key for
 * 15 minutes, doubling with each further failure up to an hour (about 10 guesses an hour).
 * Only failures count.
 */
export const INVITATION_CODE_ATTEMPTS: RateLimitPolicy = { freeFailures: 9, windowSeconds: 3600, baseSeconds: 900, maxSeconds: 3600 }

export type InvitationStatus = 'pending' | 'used' | 'expired'

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

type InvitationRow = Pick<Selectable<InvitationsTable>, 'id' | 'created_at' | 'type' | 'email' | 'group_creator' | 'expires_at' | 'used_at'>

function statusOf(row: Pick<InvitationRow, 'type' | 'used_at' | 'expires_at'>, now: Date): InvitationStatus {
  if (row.type === 'email' && row.used_at) return 'used'
  return row.expires_at <= nowIso(now) ? 'expired' : 'pending'
}

function toInvitation(row: InvitationRow, now: Date): Invitation {
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

const invitationColumns = ['id', 'created_at', 'type', 'email', 'group_creator', 'expires_at', 'used_at'] as const

/** The organization's invitations (not those to a group), newest first. Admins only. */
export async function listInvitations(ctx: Ctx, organizationId: string): Promise<Invitation[]> {
  await requireOrgAdmin(ctx, organizationId)
  const rows = await ctx.db
    .selectFrom('invitations')
    .select(invitationColumns)
    .where('organization_id', '=', organizationId)
    .where('group_id', 'is', null)
    .where('revoked_at', 'is', null)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute()
  return rows.map((r) => toInvitation(r, ctx.now))
}

/** A hash no other invitation has (a collision among ~4.8e8 codes is rare; the column is unique too). */
async function freshCode(ctx: Ctx) {
  for (let attempt = 0; attempt < 5; attempt++) {
    const code = generateCode()
    const codeHash = hashCode(code)
    const taken = await ctx.db.selectFrom('invitations').select('id').where('code_hash', '=', codeHash).executeTakeFirst()
    if (!taken) return { code, codeHash }
  }
  throw new Error('Could not find a free invitation code')
}

interface Target {
  organizationId: string
  organizationName: string
  groupId: string | null
  groupName: string | null
}

/** Emails the code to the invitee: in their locale if they have an account, else in the inviter's. */
async function mailInvitation(ctx: Ctx, target: Target, email: string, code: string, expiresAt: string) {
  const inviter = actorOf(ctx)
  const invitee = await ctx.db.selectFrom('users').select(['name', 'locale', 'timezone']).where('email', '=', email).executeTakeFirst()
  await sendMail(
    ctx.db,
    invitationEmail({
      to: email,
      name: invitee?.name ?? null,
      locale: invitee?.locale ?? inviter.locale,
      timezone: invitee?.timezone ?? inviter.timezone,
      kind: target.groupId ? 'group' : 'groupCreator',
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
): Promise<{ invitation: Invitation; code: string }> {
  const actor = actorOf(ctx)
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
      })
      throw error
    }
  }
  return { invitation: toInvitation(row, ctx.now), code }
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
  return issueInvitation(ctx, { organizationId, organizationName: org.name, groupId: null, groupName: null }, { ...input, groupCreator: true })
}

/**
 * An invitation to become a member of a group (and so of its organization). Minimal: for tests
 * and the demo seed; no screen creates these yet. Admins of the group's organization only.
 */
export async function createGroupInvitation(ctx: Ctx, groupId: string, input: { type: 'email' | 'open'; email?: string } = { type: 'open' }) {
  const group = await ctx.db.selectFrom('groups').select(['id', 'name', 'organization_id']).where('id', '=', groupId).executeTakeFirst()
  if (!group) throw new DomainError('GROUP_NOT_FOUND')
  const org = await requireActiveOrgAdmin(ctx, group.organization_id)
  if (input.type === 'email' && !input.email) throw new DomainError('BAD_REQUEST', { errors: { email: ['validation.required'] } })
  return issueInvitation(
    ctx,
    { organizationId: org.id, organizationName: org.name, groupId: group.id, groupName: group.name },
    { ...input, groupCreator: false },
  )
}

/** Limits an invitation look-up to one organization (the screen's), or any the actor administers. */
interface InvitationScope {
  organizationId?: string
}

/** An invitation the actor administers (through its organization), or INVITATION_NOT_FOUND. */
async function requireAdministeredInvitation(ctx: Ctx, invitationId: string, scope: InvitationScope = {}) {
  const actor = actorOf(ctx)
  const row = await ctx.db
    .selectFrom('invitations as i')
    .innerJoin('organization_members as m', (join) =>
      join.onRef('m.organization_id', '=', 'i.organization_id').on('m.user_id', '=', actor.id).on('m.role', '=', 'admin'),
    )
    .innerJoin('organizations as o', 'o.id', 'i.organization_id')
    .leftJoin('groups as g', 'g.id', 'i.group_id')
    .select([...invitationColumns.map((c) => `i.${c}` as const), 'i.organization_id', 'i.group_id', 'o.name as organizationName', 'g.name as groupName'])
    .where('i.id', '=', invitationId)
    .where('i.revoked_at', 'is', null)
    .$if(scope.organizationId !== undefined, (qb) => qb.where('i.organization_id', '=', scope.organizationId!))
    .executeTakeFirst()
  if (!row) throw new DomainError('INVITATION_NOT_FOUND')
  return row
}

/**
 * Sends an email invitation again with a new code and a new expiry; the old code stops working.
 * A used invitation cannot be resent (USED); an open one has no address (BAD_REQUEST); nor can
 * one of an inactive organization (ORGANIZATION_INACTIVE). Revoking always works.
 */
export async function resendInvitation(ctx: Ctx, invitationId: string, scope: InvitationScope = {}): Promise<Invitation> {
  const row = await requireAdministeredInvitation(ctx, invitationId, scope)
  await requireActiveOrganization(ctx.db, row.organization_id)
  if (row.type !== 'email' || !row.email) throw new DomainError('BAD_REQUEST', { errors: { type: ['invitations.resendOnlyEmail'] } })
  if (row.used_at) throw new DomainError('USED')
  const previous = await ctx.db.selectFrom('invitations').select(['code_hash', 'expires_at']).where('id', '=', row.id).executeTakeFirstOrThrow()
  const { code, codeHash } = await freshCode(ctx)
  const expiresAt = addSeconds(ctx.now, INVITATION_TTL_SECONDS).toISOString()
  // The new code and its audit entry commit together.
  const auditId = await ctx.db.transaction().execute(async (trx) => {
    const updated = await trx
      .updateTable('invitations')
      .set({ code_hash: codeHash, expires_at: expiresAt })
      .where('id', '=', row.id)
      .where('used_at', 'is', null)
      .where('revoked_at', 'is', null)
      .executeTakeFirst()
    if (Number(updated.numUpdatedRows) === 0) throw new DomainError('USED')
    return recordAudit({ ...ctx, db: trx }, { organizationId: row.organization_id, action: 'invitation.resend', items: [row.id], result: { SUCCESS: 1 } })
  })
  const target = { organizationId: row.organization_id, organizationName: row.organizationName, groupId: row.group_id, groupName: row.groupName }
  try {
    await mailInvitation(ctx, target, row.email, code, expiresAt)
  } catch (error) {
    await ctx.db.transaction().execute(async (trx) => {
      await trx.updateTable('invitations').set(previous).where('id', '=', row.id).execute()
      await removeAudit(trx, auditId)
    })
    throw error
  }
  return toInvitation({ ...row, expires_at: expiresAt }, ctx.now)
}

/** Revokes (deletes) an invitation: its code stops working at once. Admins of its organization only. */
export async function revokeInvitation(ctx: Ctx, invitationId: string, scope: InvitationScope = {}) {
  const row = await requireAdministeredInvitation(ctx, invitationId, scope)
  await ctx.db.transaction().execute(async (trx) => {
    await trx.updateTable('invitations').set({ revoked_at: nowIso(ctx.now) }).where('id', '=', row.id).execute()
    await recordAudit({ ...ctx, db: trx }, { organizationId: row.organization_id, action: 'invitation.revoke', items: [row.id], result: { SUCCESS: 1 } })
  })
}

export interface RedeemResult {
  /** Where the user goes next: the group, or the organization. */
  redirectTo: string
  /** The group's or the organization's name. */
  name: string
}

const groupPath = (groupId: string) => `/groups/${groupId}/home`

/**
 * Redeems an invitation code for the actor:
 * - a group-creator invitation makes them a member (if not yet) and a group creator of the organization;
 * - a group invitation makes them a member of the group, and of its organization if not yet;
 * - an invitation with neither makes them a member of the organization.
 * Email invitations work once and only for the invited address; open ones until they expire.
 * Errors (spec section 8): INVITATION_NOT_FOUND (unknown, revoked, expired), WRONG_EMAIL, USED,
 * IS_ALREADY_GROUP_CREATOR, ALREADY_ADDED_TO_GROUP, ALREADY_ADDED_TO_ORGANIZATION (the last three
 * carry redirectTo and name). Every failure counts against the user's and the client's
 * INVITATION_CODE_ATTEMPTS; when either is used up, TOO_MANY_ATTEMPTS with retryAt.
 */
export async function redeemInvitationCode(ctx: Ctx, code: string): Promise<RedeemResult> {
  return underRedeemLimits(ctx, () => {
    if (!isWellFormedCode(code)) throw new DomainError('INVITATION_NOT_FOUND')
    return redeem(ctx, hashCode(code))
  })
}

/** Redeems by the code's hash (what a sign-up keeps until the address is verified), under the same limits. */
export async function redeemInvitationCodeHash(ctx: Ctx, codeHash: string): Promise<RedeemResult> {
  return underRedeemLimits(ctx, () => redeem(ctx, codeHash))
}

/**
 * Counts the attempt for the user and the client before the code is looked up (so parallel
 * guesses cannot outrun the limit), and gives it back when it succeeds: only failures count.
 */
async function underRedeemLimits(ctx: Ctx, work: () => Promise<RedeemResult>): Promise<RedeemResult> {
  const actor = actorOf(ctx)
  const keys = [`invitation-code:user:${actor.id}`, `invitation-code:client:${ctx.client}`]
  const attempts = await takeAttempts(ctx.db, keys.map((key) => ({ key, policy: INVITATION_CODE_ATTEMPTS })), ctx.now)
  let result: RedeemResult
  try {
    result = await work()
  } catch (error) {
    if (!(error instanceof DomainError)) for (const attempt of attempts) await refundAttempt(ctx.db, attempt)
    throw error
  }
  for (const attempt of attempts) await refundAttempt(ctx.db, attempt)
  return result
}

async function redeem(ctx: Ctx, codeHash: string): Promise<RedeemResult> {
  const actor = actorOf(ctx)
  const now = nowIso(ctx.now)
  return ctx.db.transaction().execute(async (trx) => {
    const invitation = await trx
      .selectFrom('invitations as i')
      .innerJoin('organizations as o', 'o.id', 'i.organization_id')
      .leftJoin('groups as g', 'g.id', 'i.group_id')
      .select(['i.id', 'i.organization_id', 'i.group_id', 'i.type', 'i.email', 'i.group_creator', 'i.expires_at', 'i.used_at'])
      .select(['o.name as organizationName', 'g.name as groupName'])
      .where('i.code_hash', '=', codeHash)
      .where('i.revoked_at', 'is', null)
      .executeTakeFirst()
    if (!invitation || invitation.expires_at <= now) throw new DomainError('INVITATION_NOT_FOUND')
    if (invitation.type === 'email' && invitation.email !== actor.email.toLowerCase()) throw new DomainError('WRONG_EMAIL')
    if (invitation.type === 'email' && invitation.used_at) throw new DomainError('USED')
    // A double submit must not add the user twice: redemptions (and removals) in one
    // organization take turns, so the membership read below is the committed one.
    await lockOrganization(trx, invitation.organization_id)
    await requireActiveOrganization(trx, invitation.organization_id)

    const orgTarget = async () => {
      const admin = await trx
        .selectFrom('organization_members')
        .select('role')
        .where('organization_id', '=', invitation.organization_id)
        .where('user_id', '=', actor.id)
        .executeTakeFirst()
      // The organization's own pages are for its admins; a group creator finds it in the list.
      return {
        redirectTo: admin?.role === 'admin' ? `/organizations/${invitation.organization_id}` : '/organizations',
        name: invitation.organizationName,
      }
    }
    const membership = await trx
      .selectFrom('organization_members')
      .select(['role', 'is_group_creator'])
      .where('organization_id', '=', invitation.organization_id)
      .where('user_id', '=', actor.id)
      .executeTakeFirst()
    const joinOrganization = async (groupCreator: boolean) => {
      if (membership) {
        if (groupCreator) {
          await trx
            .updateTable('organization_members')
            .set({ is_group_creator: 1 })
            .where('organization_id', '=', invitation.organization_id)
            .where('user_id', '=', actor.id)
            .execute()
        }
        return
      }
      await trx
        .insertInto('organization_members')
        .values({
          organization_id: invitation.organization_id,
          user_id: actor.id,
          role: 'member',
          is_group_creator: groupCreator ? 1 : 0,
          created_at: now,
        })
        .execute()
    }

    let result: RedeemResult
    if (invitation.group_id) {
      const target = { redirectTo: groupPath(invitation.group_id), name: invitation.groupName ?? '' }
      const inGroup = await trx
        .selectFrom('group_members')
        .select('user_id')
        .where('group_id', '=', invitation.group_id)
        .where('user_id', '=', actor.id)
        .executeTakeFirst()
      if (inGroup) throw new DomainError('ALREADY_ADDED_TO_GROUP', { ...target })
      await joinOrganization(false)
      await trx.insertInto('group_members').values({ group_id: invitation.group_id, user_id: actor.id, role: 'member', created_at: now }).execute()
      await trx
        .updateTable('groups')
        .set({ member_count: sql`member_count + 1` })
        .where('id', '=', invitation.group_id)
        .execute()
      result = target
    } else if (Number(invitation.group_creator) === 1) {
      if (membership && Number(membership.is_group_creator) === 1) throw new DomainError('IS_ALREADY_GROUP_CREATOR', { ...(await orgTarget()) })
      await joinOrganization(true)
      result = await orgTarget()
    } else {
      if (membership) throw new DomainError('ALREADY_ADDED_TO_ORGANIZATION', { ...(await orgTarget()) })
      await joinOrganization(false)
      result = await orgTarget()
    }

    if (invitation.type === 'email') {
      // Single use even when two redemptions race: only one update finds it unused.
      const used = await trx
        .updateTable('invitations')
        .set({ used_at: now, used_by: actor.id })
        .where('id', '=', invitation.id)
        .where('used_at', 'is', null)
        .executeTakeFirst()
      if (Number(used.numUpdatedRows) === 0) throw new DomainError('USED')
    }
    await recordAudit(
      { ...ctx, db: trx },
      {
        organizationId: invitation.organization_id,
        action: 'invitation.redeem',
        items: [invitation.id],
        result: { SUCCESS: 1, type: invitation.type, ...(invitation.group_id ? { groupId: invitation.group_id } : {}) },
      },
    )
    return result
  })
}

/**
 * After sign-up with an invitation code and email verification: redeems the code (kept only as
 * its hash) for the new user. Failures are not fatal (the account is verified either way): null
 * tells the caller to send the user to /invitation-code, where they type the code from their
 * email again, see the error and can retry.
 */
export async function redeemSignUpCode(ctx: Ctx, userId: string, codeHash: string): Promise<RedeemResult | null> {
  const user = await ctx.db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirst()
  if (!user) return null
  try {
    return await redeemInvitationCodeHash({ ...ctx, actor: user }, codeHash)
  } catch (error) {
    if (error instanceof DomainError) return null
    throw error
  }
}
