import { DomainError } from '~/errors'
import { nowIso } from '~/utils/ids.server'
import type { Ctx } from '../context.server'
import { GROUP_ROLES, rightsOf } from '../groups/group-roles'
import { requireGroupWork, requireGroupWorkRight } from './group-work-access.server'

/**
 * Whom each subscriber of a group follows (docs/group-work.md "Follows"): a subscriber sees the
 * loops of the members they follow, read-only (loopVisibility). The owner and leaders
 * (`can.manageFollows`) choose; the rows go when either member leaves the group (migration 035).
 */

/** The roles that follow members rather than being followed (the role table's). */
const SUBSCRIBER_ROLES = GROUP_ROLES.filter((r) => rightsOf(r).isSubscriber)

/** One member asked for, and whether they are followed now. */
export interface FollowResult {
  _id: string
  name: string | null
  /** `OK`, or why not: MEMBER_NOT_FOUND (not a member of the group), BAD_REQUEST (the subscriber themself). */
  result: 'OK' | 'MEMBER_NOT_FOUND' | 'BAD_REQUEST'
}

/**
 * The subscriber follows exactly the members of `memberIds` who are members of the group (any role
 * but the subscriber themself); everyone else they followed is let go. FORBIDDEN without
 * `can.manageFollows`; MEMBER_NOT_FOUND when `subscriberId` is no member of the group; BAD_REQUEST
 * when they are a member without the subscriber role. Each member asked for gets a result naming
 * them; one not in the group changes nothing for the others.
 */
export async function setFollows(ctx: Ctx, groupId: string, subscriberId: string, memberIds: readonly string[]) {
  const at = nowIso(ctx.now)
  return ctx.db.transaction().execute(async (trx) => {
    await requireGroupWorkRight(ctx, groupId, 'manageFollows', trx)
    const subscriber = await trx
      .selectFrom('group_members as gm')
      .innerJoin('users as u', 'u.id', 'gm.user_id')
      .select(['u.id', 'u.name', 'gm.role'])
      .where('gm.group_id', '=', groupId)
      .where('gm.user_id', '=', subscriberId)
      .executeTakeFirst()
    if (!subscriber) throw new DomainError('MEMBER_NOT_FOUND')
    if (!rightsOf(subscriber.role).isSubscriber)
      throw new DomainError('BAD_REQUEST', { errors: { subscriberId: ['follows.notSubscriber'] } })
    const asked = [...new Set(memberIds)]
    const members =
      asked.length === 0
        ? []
        : await trx
            .selectFrom('group_members as gm')
            .innerJoin('users as u', 'u.id', 'gm.user_id')
            .select(['u.id', 'u.name'])
            .where('gm.group_id', '=', groupId)
            .where('gm.user_id', 'in', asked)
            .execute()
    const nameOf = new Map(members.map((m) => [m.id, m.name]))
    const results: FollowResult[] = asked.map((id) => ({
      _id: id,
      name: nameOf.get(id) ?? null,
      result: id === subscriberId ? 'BAD_REQUEST' : nameOf.has(id) ? 'OK' : 'MEMBER_NOT_FOUND',
    }))
    const follow = results.filter((r) => r.result === 'OK').map((r) => r._id)
    let unfollow = trx.deleteFrom('group_follows').where('group_id', '=', groupId).where('subscriber_id', '=', subscriberId)
    if (follow.length) unfollow = unfollow.where('member_id', 'not in', follow)
    await unfollow.execute()
    if (follow.length)
      await trx
        .insertInto('group_follows')
        .values(follow.map((member_id) => ({ group_id: groupId, subscriber_id: subscriberId, member_id, created_at: at })))
        .onConflict((oc) => oc.doNothing())
        .execute()
    return {
      subscriber: { _id: subscriber.id, name: subscriber.name },
      following: follow.map((id) => ({ _id: id, name: nameOf.get(id)! })).sort((a, b) => a.name.localeCompare(b.name)),
      results,
    }
  })
}

/**
 * Whom each of the group's subscribers follows (subscriber id → member ids), for the members list:
 * all of them for those who choose (`can.manageFollows`), a subscriber's own for a subscriber,
 * nothing for anyone else. GROUP_NOT_FOUND for someone who may not see the group.
 */
export async function followsOf(ctx: Ctx, groupId: string): Promise<Map<string, string[]>> {
  const work = await requireGroupWork(ctx, groupId)
  const own = work.access.role !== null && rightsOf(work.access.role).isSubscriber
  if (!work.can.manageFollows && !own) return new Map()
  let query = ctx.db.selectFrom('group_follows').select(['subscriber_id', 'member_id']).where('group_id', '=', groupId)
  if (!work.can.manageFollows) query = query.where('subscriber_id', '=', work.actorId)
  const follows = new Map<string, string[]>()
  for (const row of await query.execute()) follows.set(row.subscriber_id, [...(follows.get(row.subscriber_id) ?? []), row.member_id])
  return follows
}

/**
 * The follow form of one subscriber (the members list, for those who choose): the subscriber and
 * every other member of the group who is no subscriber, by name, each with whether they are
 * followed. FORBIDDEN without `can.manageFollows`; MEMBER_NOT_FOUND when `subscriberId` is no
 * subscriber of the group.
 */
export async function followChoices(ctx: Ctx, groupId: string, subscriberId: string) {
  await requireGroupWorkRight(ctx, groupId, 'manageFollows')
  const subscriber = await ctx.db
    .selectFrom('group_members')
    .select(['user_id', 'name', 'role'])
    .where('group_id', '=', groupId)
    .where('user_id', '=', subscriberId)
    .executeTakeFirst()
  if (!subscriber || !rightsOf(subscriber.role).isSubscriber) throw new DomainError('MEMBER_NOT_FOUND')
  const members = await ctx.db
    .selectFrom('group_members as gm')
    .leftJoin('group_follows as f', (join) =>
      join.onRef('f.group_id', '=', 'gm.group_id').onRef('f.member_id', '=', 'gm.user_id').on('f.subscriber_id', '=', subscriberId),
    )
    .select(['gm.user_id', 'gm.name', 'f.member_id'])
    .where('gm.group_id', '=', groupId)
    .where('gm.role', 'not in', SUBSCRIBER_ROLES)
    .orderBy('gm.name')
    .orderBy('gm.user_id')
    .execute()
  return {
    subscriber: { _id: subscriber.user_id, name: subscriber.name },
    members: members.map((m) => ({ _id: m.user_id, name: m.name, followed: m.member_id !== null })),
  }
}
export type FollowChoices = Awaited<ReturnType<typeof followChoices>>
