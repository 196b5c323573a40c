import { sql, type SqlBool } from 'kysely'
import type { DB } from '~/db/db.server'
import { DomainError } from '~/errors'
import { nowIso } from '~/utils/ids.server'
import { actorOf, type Ctx } from '../context.server'
import { loopVisibility, requireGroupWork, type GroupWork } from './group-work-access.server'

/**
 * What a user has read (docs/group-work.md "Unread"): a loop is unread for a viewer while they
 * have no `loop_reads` row for it, or its `read_at` is older than the loop's `activity_at` (a
 * comment, an approval or an edit since). A change the actor makes themself marks the loop read for
 * them in the same transaction (`markReadIn`), so their own comment never shows as news to them.
 */

/**
 * The actor's view of each of `groupIds` they may see (a group they may not is left out), for a
 * query of loops across groups: one call of `requireGroupWork` per group.
 */
export async function worksOf(ctx: Ctx, groupIds: readonly string[], db: DB = ctx.db) {
  const works = new Map<string, GroupWork>()
  for (const groupId of new Set(groupIds)) {
    try {
      works.set(groupId, await requireGroupWork(ctx, groupId, db))
    } catch (error) {
      if (!(error instanceof DomainError) || error.code !== 'GROUP_NOT_FOUND') throw error
    }
  }
  return works
}

/** The condition "the actor may see this loop" over several groups: loopVisibility of each, or-ed. */
export function loopVisibilityIn(works: Map<string, GroupWork>, alias = 'loops') {
  const each = [...works.values()].map((work) => loopVisibility(work, alias))
  return each.length === 0 ? sql<SqlBool>`1 = 0` : sql<SqlBool>`(${sql.join(each, sql` or `)})`
}

/** Among `loopIds`, those the actor may see now, with their group. */
export async function visibleLoops(ctx: Ctx, loopIds: readonly string[], db: DB = ctx.db) {
  const ids = [...new Set(loopIds)]
  if (ids.length === 0) return new Map<string, { groupId: string }>()
  const groups = await db.selectFrom('loops').select('group_id').distinct().where('id', 'in', ids).execute()
  const works = await worksOf(
    ctx,
    groups.map((g) => g.group_id),
    db,
  )
  const rows = await db.selectFrom('loops').select(['id', 'group_id']).where('id', 'in', ids).where(loopVisibilityIn(works)).execute()
  return new Map(rows.map((r) => [r.id, { groupId: r.group_id }]))
}

/** Marks the loop read for `userId` at `at` (an upsert; never moves read_at back). */
export async function markReadIn(db: DB, userId: string, loopId: string, at: string) {
  await db
    .insertInto('loop_reads')
    .values({ user_id: userId, loop_id: loopId, read_at: at })
    .onConflict((oc) => oc.columns(['user_id', 'loop_id']).doUpdateSet({ read_at: at }).where('loop_reads.read_at', '<', at))
    .execute()
}

/** The actor opened the loop: it is read up to now. GROUP_NOT_FOUND for a loop they may not see. */
export async function markLoopRead(ctx: Ctx, loopId: string) {
  const actor = actorOf(ctx)
  if (!(await visibleLoops(ctx, [loopId])).has(loopId)) throw new DomainError('GROUP_NOT_FOUND')
  await markReadIn(ctx.db, actor.id, loopId, nowIso(ctx.now))
}

/**
 * Among `loopIds`, those unread for the actor: a loop of someone else they never opened, or any
 * loop (their own too) with activity after they last read it. A loop they may not see is never
 * in the answer (it tells nothing of loops they may not see).
 */
export async function unreadLoopIds(ctx: Ctx, loopIds: readonly string[]): Promise<Set<string>> {
  const actor = actorOf(ctx)
  const visible = await visibleLoops(ctx, loopIds)
  if (visible.size === 0) return new Set()
  const rows = await ctx.db
    .selectFrom('loops as l')
    .leftJoin('loop_reads as r', (join) => join.onRef('r.loop_id', '=', 'l.id').on('r.user_id', '=', actor.id))
    .select('l.id')
    .where('l.id', 'in', [...visible.keys()])
    .where((eb) =>
      eb.or([
        eb.and([eb('r.read_at', 'is', null), eb('l.author_id', '!=', actor.id)]),
        // The author's own loop, never opened since it was written: unread once someone else acted on it.
        eb.and([eb('r.read_at', 'is', null), eb('l.author_id', '=', actor.id), eb('l.activity_at', '>', eb.ref('l.created_at'))]),
        eb('r.read_at', '<', eb.ref('l.activity_at')),
      ]),
    )
    .execute()
  return new Set(rows.map((r) => r.id))
}
