import { sql } from 'kysely'
import type { SessionUser } from '~/auth/session.server'
import type { DB } from '~/db/db.server'
import { DomainError } from '~/errors'
import { nowIso } from '~/utils/ids.server'
import { requireActiveOrganization } from '../access.server'
import { recordAudit } from '../audit.server'
import { lockOrganization } from '../bulk.server'
import type { Ctx } from '../context.server'
import { actorOf } from '../context.server'
import { codeHashes, isWellFormedCode } from './invitation-codes.server'
import { underRedeemLimits } from './invitation-redeem-limits.server'

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
 * Errors (spec section 8): INVITATION_NOT_FOUND (unknown, revoked, expired), WRONG_EMAIL,
 * INVITATION_DECLINED (the addressee declined it in the inbox), USED,
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
export async function redeemInvitationCodeHash(ctx: Ctx, hashes: string[]): Promise<RedeemResult> {
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

/** Which invitation: by its code's hashes (one per secret; at most one invitation has any), or by id from the inbox. */
export type InvitationKey = { codeHashes: string[] } | { id: string }

/**
 * A live invitation the actor may redeem; else INVITATION_NOT_FOUND (unknown, revoked, expired;
 * by id also one not addressed to the actor, so nobody learns of another's invitation),
 * WRONG_EMAIL, INVITATION_DECLINED or USED.
 */
async function findInvitation(db: DB, actor: SessionUser, key: InvitationKey, now: string) {
  let query = db
    .selectFrom('invitations as i')
    .innerJoin('organizations as o', 'o.id', 'i.organization_id')
    .leftJoin('groups as g', 'g.id', 'i.group_id')
    .select([
      'i.id',
      'i.organization_id',
      'i.group_id',
      'i.type',
      'i.email',
      'i.group_creator',
      'i.expires_at',
      'i.used_at',
      'i.declined_at',
    ])
    .select(['o.name as organizationName', 'g.name as groupName'])
    .where('i.revoked_at', 'is', null)
  query =
    'id' in key
      ? query.where('i.id', '=', key.id).where('i.type', '=', 'email').where('i.email', '=', actor.email.toLowerCase())
      : query.where('i.code_hash', 'in', key.codeHashes)
  const invitation = await query.executeTakeFirst()
  if (!invitation || invitation.expires_at <= now) throw new DomainError('INVITATION_NOT_FOUND')
  if (invitation.type === 'email' && invitation.email !== actor.email.toLowerCase()) throw new DomainError('WRONG_EMAIL')
  if (invitation.declined_at) throw new DomainError('INVITATION_DECLINED')
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

export async function preview(ctx: Ctx, codeHashes: string[]): Promise<InvitationPreview> {
  const actor = actorOf(ctx)
  const invitation = await findInvitation(ctx.db, actor, { codeHashes }, nowIso(ctx.now))
  await requireActiveOrganization(ctx.db, invitation.organization_id)
  await refuseIfAlreadyIn(ctx.db, actor, invitation)
  if (invitation.group_id) return { kind: 'group', organization: invitation.organizationName, group: invitation.groupName ?? '' }
  return { kind: Number(invitation.group_creator) === 1 ? 'groupCreator' : 'organization', organization: invitation.organizationName }
}

/**
 * Accepts an invitation addressed to the actor by its id (the invitations inbox): the same rules,
 * errors and effects as redeeming its code, without the guessing limits (an id not addressed to
 * the actor is INVITATION_NOT_FOUND, whatever it is).
 */
export async function redeemInvitationById(ctx: Ctx, invitationId: string): Promise<RedeemResult> {
  return redeem(ctx, { id: invitationId })
}

async function redeem(ctx: Ctx, key: InvitationKey | string[]): Promise<RedeemResult> {
  const actor = actorOf(ctx)
  const now = nowIso(ctx.now)
  return ctx.db.transaction().execute(async (trx) => {
    const invitation = await findInvitation(trx, actor, Array.isArray(key) ? { codeHashes: key } : key, now)
    // A double submit must not add the user twice: redemptions (and removals) in one
    // organization take turns, so the membership read below is the committed one.
    await lockOrganization(trx, invitation.organization_id)
    await requireActiveOrganization(trx, invitation.organization_id)
    const { membership, target } = await refuseIfAlreadyIn(trx, actor, invitation)
    const groupCreator = !invitation.group_id && Number(invitation.group_creator) === 1

    if (!membership) {
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
    } else if (groupCreator) {
      await trx
        .updateTable('organization_members')
        .set({ is_group_creator: 1 })
        .where('organization_id', '=', invitation.organization_id)
        .where('user_id', '=', actor.id)
        .execute()
    }
    if (invitation.group_id) {
      await trx
        .insertInto('group_members')
        .values({ group_id: invitation.group_id, user_id: actor.id, role: 'member', created_at: now })
        .execute()
      await trx
        .updateTable('groups')
        .set({ member_count: sql`member_count + 1` })
        .where('id', '=', invitation.group_id)
        .execute()
    }
    // The groups an invitation to the organization carries (a member file's, migration 041).
    const joined = invitation.group_id ? [] : await joinCarriedGroups(trx, invitation, actor.id, now)

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
        result: {
          SUCCESS: 1,
          type: invitation.type,
          ...(invitation.group_id ? { groupId: invitation.group_id } : {}),
          ...(joined.length ? { joinedGroups: joined.length } : {}),
        },
      },
    )
    // A plain member who joined groups goes to them: the one group, or their groups.
    if (joined.length && !groupCreator) return { ...target, redirectTo: joined.length === 1 ? groupPath(joined[0]) : '/groups' }
    return target
  })
}

/** Makes the user a member of the invitation's carried groups that are still the organization's; their ids. */
async function joinCarriedGroups(trx: DB, invitation: FoundInvitation, userId: string, now: string) {
  const groups = await trx
    .selectFrom('invitation_groups as ig')
    .innerJoin('groups as g', 'g.id', 'ig.group_id')
    .leftJoin('group_members as gm', (join) => join.onRef('gm.group_id', '=', 'g.id').on('gm.user_id', '=', userId))
    .select(['g.id', 'gm.user_id as memberId'])
    .where('ig.invitation_id', '=', invitation.id)
    .where('g.organization_id', '=', invitation.organization_id)
    .orderBy('g.name')
    .execute()
  const ids = groups.filter((g) => !g.memberId).map((g) => g.id)
  if (ids.length === 0) return []
  await trx
    .insertInto('group_members')
    .values(ids.map((group_id) => ({ group_id, user_id: userId, role: 'member' as const, created_at: now })))
    .execute()
  await trx
    .updateTable('groups')
    .set({ member_count: sql`member_count + 1` })
    .where('id', 'in', ids)
    .execute()
  return ids
}
