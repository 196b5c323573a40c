import { sql, type Selectable } from 'kysely'
import {
  INVITATION_CODE_ALL,
  INVITATION_CODE_PER_CLIENT,
  INVITATION_CODE_PER_ORGANIZATION,
  INVITATION_CODE_PER_USER,
  refundAttempt,
  spendsBudget,
  takeAttempts,
} from '~/auth/rate-limit.server'
import type { SessionUser } from '~/auth/session.server'
import { issueToken } from '~/auth/tokens.server'
import type { DB } from '~/db/db.server'
import type { InvitationsTable } from '~/db/schema'
import { DomainError, type ErrorCode } from '~/errors'
import { invitationEmail } from '~/mail/invitation-mail.server'
import { sendMail } from '~/mail/mailer.server'
import { addSeconds, newId, nowIso } from '~/utils/ids.server'
import { requireActiveOrgAdmin, requireActiveOrganization, requireOrgAdmin } from './access.server'
import { recordAudit, removeAudit } from './audit.server'
import { lockOrganization } from './bulk.server'
import type { Ctx } from './context.server'
import { actorOf } from './context.server'
import { codeHashes, generateCode, isWellFormedCode } from './invitation-codes.server'
import { createAlerts, type NewAlert } from './alerts.server'
import { requireGroupAccess } from './group-access.server'
import type { CreateInvitationInput } from './invitations.schemas'

/**
 * How long an invitation code works after it is created or resent: a week. With the redemption
 * limits, guessing one live code of a large organization takes years (docs/invitation-codes.md).
 */
export const INVITATION_TTL_SECONDS = 7 * 24 * 60 * 60

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

/**
 * A code no other invitation has, under any secret of SESSION_SECRET (a collision among ~4.8e8
 * codes is rare; the column is unique too), and its hash under the signing secret.
 */
async function freshCode(ctx: Ctx) {
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
  /** Alerts that commit with the invitation (and go with it if its email cannot be sent). */
  alerts: NewAlert[] = [],
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
 * An invitation to become a member of a group (and so of its organization), by email or as an
 * open code. For the group's owners and leaders (the role table's manageMembers) and the admins
 * of its organization; others who see the group get FORBIDDEN, anyone else GROUP_NOT_FOUND. Not
 * in an inactive organization (ORGANIZATION_INACTIVE). An email to someone who already has an
 * account also gives them the alert group.invitation.new, committed with the invitation.
 */
export async function createGroupInvitation(ctx: Ctx, groupId: string, input: { type: 'email' | 'open'; email?: string } = { type: 'open' }) {
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
          data: { groupName: group.name },
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

/**
 * What redeeming a code would do, for the confirmation the user answers first ("Join
 * Exempelskolan as group creator?"): become a member of a group (and of its organization), a
 * group creator of an organization, or a member of an organization.
 */
export interface InvitationPreview {
  kind: 'group' | 'groupCreator' | 'organization'
  organization: string
  /** The group's name, for a group invitation. */
  group?: string
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
 * carry redirectTo and name). Failed guesses count against the user's and the client's limits;
 * when either is used up, TOO_MANY_ATTEMPTS with retryAt (docs/invitation-codes.md).
 * Screens ask first (previewInvitationCode); the JSON API's use-code is itself the explicit step.
 */
export async function redeemInvitationCode(ctx: Ctx, code: string): Promise<RedeemResult> {
  return underRedeemLimits(ctx, (hashes) => redeem(ctx, hashes), isWellFormedCode(code) ? codeHashes(code) : null)
}

/**
 * Redeems by the code's hashes, one per secret (what a sign-up keeps until the user confirms),
 * under the same limits.
 */
async function redeemInvitationCodeHash(ctx: Ctx, hashes: string[]): Promise<RedeemResult> {
  return underRedeemLimits(ctx, (h) => redeem(ctx, h), hashes)
}

/**
 * What redeeming the code would do, changing nothing: the same checks and errors as
 * redeemInvitationCode (so the user learns before confirming that a code is used, or that they
 * are already a member), under the same limits, since a look-up tells whether a code exists.
 */
export async function previewInvitationCode(ctx: Ctx, code: string): Promise<InvitationPreview> {
  return underRedeemLimits(ctx, (hashes) => preview(ctx, hashes), isWellFormedCode(code) ? codeHashes(code) : null)
}

/**
 * The failures that are guesses: the code matched nothing the user may use. The "already" answers
 * mean the code was good (a second click, a code used twice) and are given back like successes.
 */
const FAILED_GUESSES = new Set<ErrorCode>(['INVITATION_NOT_FOUND', 'WRONG_EMAIL', 'USED'])

/**
 * Counts the attempt for the user and the client before the code is looked up (so parallel
 * guesses cannot outrun the limit), and gives it back unless it was a failed guess: only failures
 * count, never redemptions. A failed guess is also counted, watched only, for the organizations
 * of its context and for the whole code space (watchFailedGuess).
 */
async function underRedeemLimits<T>(ctx: Ctx, work: (codeHashes: string[]) => Promise<T>, codeHashes: string[] | null): Promise<T> {
  const actor = actorOf(ctx)
  const attempts = await takeAttempts(
    ctx.db,
    [
      { key: `invitation-code:user:${actor.id}`, policy: INVITATION_CODE_PER_USER },
      { key: `invitation-code:client:${ctx.client}`, policy: INVITATION_CODE_PER_CLIENT },
    ],
    ctx.now,
  )
  try {
    if (codeHashes === null) throw new DomainError('INVITATION_NOT_FOUND')
    const result = await work(codeHashes)
    for (const attempt of attempts) await refundAttempt(ctx.db, attempt)
    return result
  } catch (error) {
    if (error instanceof DomainError && FAILED_GUESSES.has(error.code)) await watchFailedGuess(ctx, codeHashes)
    else for (const attempt of attempts) await refundAttempt(ctx.db, attempt)
    throw error
  }
}

/**
 * A failed guess names no code, so no single code can be locked after so many guesses at it.
 * What can be known is the organization of the guess's context: the one whose invitation the code
 * matched but could not be used (another address's, used, expired, revoked), and those the
 * redeemer belongs to (an insider after group-creator rights). Each such organization, and the
 * code space as a whole, has a budget of failures an hour; spending it logs a warning. It refuses
 * nobody (see INVITATION_CODE_PER_ORGANIZATION).
 */
async function watchFailedGuess(ctx: Ctx, codeHashes: string[] | null) {
  const actor = actorOf(ctx)
  const [matched, memberships] = await Promise.all([
    codeHashes === null
      ? undefined
      : ctx.db.selectFrom('invitations').select('organization_id').where('code_hash', 'in', codeHashes).executeTakeFirst(),
    ctx.db.selectFrom('organization_members').select('organization_id').where('user_id', '=', actor.id).execute(),
  ])
  const organizations = new Set([...(matched ? [matched.organization_id] : []), ...memberships.map((m) => m.organization_id)])
  for (const organizationId of organizations) {
    if (await spendsBudget(ctx.db, `invitation-code:organization:${organizationId}`, INVITATION_CODE_PER_ORGANIZATION, ctx.now)) {
      console.warn(
        `[rate-limit] invitation codes: ${INVITATION_CODE_PER_ORGANIZATION.freeFailures + 1} failed redemptions within an hour in the context of organization ${organizationId} (the latest by user ${actor.id} from ${ctx.client})`,
      )
    }
  }
  if (await spendsBudget(ctx.db, 'invitation-code:all', INVITATION_CODE_ALL, ctx.now)) {
    console.warn(`[rate-limit] invitation codes: ${INVITATION_CODE_ALL.freeFailures + 1} failed redemptions within an hour in all (the latest by user ${actor.id} from ${ctx.client})`)
  }
}

/** A live invitation the actor may redeem, by its code's hashes (one per secret; at most one invitation has any); else INVITATION_NOT_FOUND, WRONG_EMAIL or USED. */
async function findInvitation(db: DB, actor: SessionUser, codeHashes: string[], now: string) {
  const invitation = await db
    .selectFrom('invitations as i')
    .innerJoin('organizations as o', 'o.id', 'i.organization_id')
    .leftJoin('groups as g', 'g.id', 'i.group_id')
    .select(['i.id', 'i.organization_id', 'i.group_id', 'i.type', 'i.email', 'i.group_creator', 'i.expires_at', 'i.used_at'])
    .select(['o.name as organizationName', 'g.name as groupName'])
    .where('i.code_hash', 'in', codeHashes)
    .where('i.revoked_at', 'is', null)
    .executeTakeFirst()
  if (!invitation || invitation.expires_at <= now) throw new DomainError('INVITATION_NOT_FOUND')
  if (invitation.type === 'email' && invitation.email !== actor.email.toLowerCase()) throw new DomainError('WRONG_EMAIL')
  if (invitation.type === 'email' && invitation.used_at) throw new DomainError('USED')
  return invitation
}
type FoundInvitation = Awaited<ReturnType<typeof findInvitation>>

/**
 * The actor's membership of the invitation's organization and where redeeming leads, or the 409
 * of an invitation that would change nothing: IS_ALREADY_GROUP_CREATOR, ALREADY_ADDED_TO_GROUP,
 * ALREADY_ADDED_TO_ORGANIZATION, each with the way there (redirectTo) and its name.
 */
async function refuseIfAlreadyIn(db: DB, actor: SessionUser, invitation: FoundInvitation) {
  const membership = await db
    .selectFrom('organization_members')
    .select(['role', 'is_group_creator'])
    .where('organization_id', '=', invitation.organization_id)
    .where('user_id', '=', actor.id)
    .executeTakeFirst()
  // The organization's own pages are for its admins; a group creator finds it in the list.
  const orgTarget: RedeemResult = {
    redirectTo: membership?.role === 'admin' ? `/organizations/${invitation.organization_id}` : '/organizations',
    name: invitation.organizationName,
  }
  if (invitation.group_id) {
    const target: RedeemResult = { redirectTo: groupPath(invitation.group_id), name: invitation.groupName ?? '' }
    const inGroup = await db
      .selectFrom('group_members')
      .select('user_id')
      .where('group_id', '=', invitation.group_id)
      .where('user_id', '=', actor.id)
      .executeTakeFirst()
    if (inGroup) throw new DomainError('ALREADY_ADDED_TO_GROUP', { ...target })
    return { membership, target }
  }
  if (Number(invitation.group_creator) === 1) {
    if (membership && Number(membership.is_group_creator) === 1) throw new DomainError('IS_ALREADY_GROUP_CREATOR', { ...orgTarget })
  } else if (membership) {
    throw new DomainError('ALREADY_ADDED_TO_ORGANIZATION', { ...orgTarget })
  }
  return { membership, target: orgTarget }
}

async function preview(ctx: Ctx, codeHashes: string[]): Promise<InvitationPreview> {
  const actor = actorOf(ctx)
  const invitation = await findInvitation(ctx.db, actor, codeHashes, nowIso(ctx.now))
  await requireActiveOrganization(ctx.db, invitation.organization_id)
  await refuseIfAlreadyIn(ctx.db, actor, invitation)
  if (invitation.group_id) return { kind: 'group', organization: invitation.organizationName, group: invitation.groupName ?? '' }
  return { kind: Number(invitation.group_creator) === 1 ? 'groupCreator' : 'organization', organization: invitation.organizationName }
}

async function redeem(ctx: Ctx, codeHashes: string[]): Promise<RedeemResult> {
  const actor = actorOf(ctx)
  const now = nowIso(ctx.now)
  return ctx.db.transaction().execute(async (trx) => {
    const invitation = await findInvitation(trx, actor, codeHashes, now)
    // A double submit must not add the user twice: redemptions (and removals) in one
    // organization take turns, so the membership read below is the committed one.
    await lockOrganization(trx, invitation.organization_id)
    await requireActiveOrganization(trx, invitation.organization_id)
    const { membership, target } = await refuseIfAlreadyIn(trx, actor, invitation)
    const groupCreator = !invitation.group_id && Number(invitation.group_creator) === 1

    if (!membership) {
      await trx
        .insertInto('organization_members')
        .values({ organization_id: invitation.organization_id, user_id: actor.id, role: 'member', is_group_creator: groupCreator ? 1 : 0, created_at: now })
        .execute()
    } else if (groupCreator) {
      await trx
        .updateTable('organization_members')
        .set({ is_group_creator: 1 })
        .where('organization_id', '=', invitation.organization_id)
        .where('user_id', '=', actor.id)
        .execute()
    }
    if (invitation.group_id) {
      await trx.insertInto('group_members').values({ group_id: invitation.group_id, user_id: actor.id, role: 'member', created_at: now }).execute()
      await trx
        .updateTable('groups')
        .set({ member_count: sql`member_count + 1` })
        .where('id', '=', invitation.group_id)
        .execute()
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
    return target
  })
}

/*
 * A sign-up with an invitation code: the code (kept as its hash by the verification token) is not
 * redeemed when the address is verified. It waits, as a token of its own for the new user
 * (purpose 'join-invitation', whose secret nobody needs: the signed-in user is the key), until
 * the user, signed in, answers the same confirmation as for a link (/invitation-code).
 */

/** Keeps a verified sign-up's invitation for the user to confirm once signed in. */
export async function keepSignUpInvitation(ctx: Ctx, userId: string, codeHashes: string[]) {
  await issueToken(ctx.db, userId, 'join-invitation', { invitationCodeHashes: codeHashes }, ctx.now)
}

/** The actor's waiting sign-up invitation (its token's id and the code's hashes), if any. */
async function pendingSignUpInvitation(ctx: Ctx) {
  const row = await ctx.db
    .selectFrom('tokens')
    .select(['id', 'data'])
    .where('user_id', '=', actorOf(ctx).id)
    .where('purpose', '=', 'join-invitation')
    .where('used_at', 'is', null)
    .where('expires_at', '>', nowIso(ctx.now))
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .executeTakeFirst()
  const hashes = row?.data ? (JSON.parse(row.data) as { invitationCodeHashes?: unknown }).invitationCodeHashes : undefined
  return row && Array.isArray(hashes) && hashes.every((h) => typeof h === 'string') ? { id: row.id, codeHashes: hashes as string[] } : null
}

/**
 * What the actor's waiting sign-up invitation would do, or null when none waits. It throws the
 * redeem errors (used, already a member, ...) as the preview of a code does; it is not counted
 * against the redeem limits, since the hash came from our own sign-up, not from a guess.
 */
export async function previewSignUpInvitation(ctx: Ctx): Promise<InvitationPreview | null> {
  const pending = await pendingSignUpInvitation(ctx)
  return pending ? preview(ctx, pending.codeHashes) : null
}

/**
 * Redeems the actor's waiting sign-up invitation, once confirmed. It is settled either way: a
 * redeem error (other than TOO_MANY_ATTEMPTS, which may pass) is shown once and not offered again.
 */
export async function redeemSignUpInvitation(ctx: Ctx): Promise<RedeemResult> {
  const pending = await pendingSignUpInvitation(ctx)
  if (!pending) throw new DomainError('INVITATION_NOT_FOUND')
  try {
    const result = await redeemInvitationCodeHash(ctx, pending.codeHashes)
    await settle(ctx, pending.id)
    return result
  } catch (error) {
    if (error instanceof DomainError && error.code !== 'TOO_MANY_ATTEMPTS') await settle(ctx, pending.id)
    throw error
  }
}

/** Declines the actor's waiting sign-up invitation ("Not now"): the code in their email still works. */
export async function dismissSignUpInvitation(ctx: Ctx) {
  await ctx.db
    .updateTable('tokens')
    .set({ used_at: nowIso(ctx.now) })
    .where('user_id', '=', actorOf(ctx).id)
    .where('purpose', '=', 'join-invitation')
    .where('used_at', 'is', null)
    .execute()
}

async function settle(ctx: Ctx, tokenId: string) {
  await ctx.db.updateTable('tokens').set({ used_at: nowIso(ctx.now) }).where('id', '=', tokenId).execute()
}

