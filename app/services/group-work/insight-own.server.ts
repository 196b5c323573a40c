import { sql } from 'kysely'
import { DomainError } from '~/errors'
import { actorOf, type Ctx } from '../context.server'
import { classViewScope, requireGroupWork, taskVisibility } from './group-work-access.server'
import { bySwedishName, mean, tagCounts, taskFigures, weekFigures, type WeekFigure } from './insight-figures'
import { insightRange, type InsightRange } from './insight-range.server'
import { CLASS_VIEW_MIN_WRITERS, type InsightQuery } from './insight.schemas'
import { loopTagsOf } from './insight.server'

/**
 * What a member reads of the insight (docs/group-work.md "Insight"): their own emotional value over
 * time and the tags they used in a group, and, when the owner has switched it on, the anonymous
 * class view: per task, how the group felt and which tags it chose, without names, and only once
 * CLASS_VIEW_MIN_WRITERS members have written on it (fewer would tell who felt what).
 */
export interface OwnInsight {
  range: Pick<InsightRange, 'from' | 'to'>
  loops: number
  average: number | null
  weeks: WeekFigure[]
  /** Each loop of the range, oldest first: the points of the line. */
  points: { at: string; emotion: number }[]
  tags: { id: string; name: string; loops: number }[]
}

export interface ClassTask {
  id: string
  title: string
  /** false: fewer than CLASS_VIEW_MIN_WRITERS members wrote on it; nothing else is told. */
  shown: boolean
  loops: number
  distribution: number[]
  average: number | null
  tags: { id: string; name: string; loops: number }[]
}

const named = (counts: Record<string, number>, tags: { id: string; name: string }[]) =>
  tags
    .filter((t) => counts[t.id])
    .map((t) => ({ id: t.id, name: t.name, loops: counts[t.id] }))
    .sort((a, b) => b.loops - a.loops || bySwedishName(a.name, b.name))

const groupTags = (ctx: Ctx, groupId: string) =>
  ctx.db.selectFrom('group_tags').select(['id', 'name']).where('group_id', '=', groupId).execute()

/** The actor's own loops in the group over the range (anyone who sees the group; an admin outside it has none). */
export async function ownInsight(ctx: Ctx, groupId: string, query: InsightQuery = {}): Promise<OwnInsight> {
  const work = await requireGroupWork(ctx, groupId)
  const range = insightRange(query, ctx.now, actorOf(ctx).timezone)
  const own = sql<boolean>`l.group_id = ${groupId} and l.author_id = ${work.actorId}`
  const [rows, tagsOf, tags] = await Promise.all([
    ctx.db
      .selectFrom('loops as l')
      .select(['l.id', 'l.author_id', 'l.task_id', 'l.emotion', 'l.created_at'])
      .where(own)
      .where('l.created_at', '>=', range.fromIso)
      .where('l.created_at', '<', range.toIso)
      .orderBy('l.created_at')
      .execute(),
    loopTagsOf(ctx, own, range),
    groupTags(ctx, groupId),
  ])
  const loops = rows.map((r) => ({
    id: r.id,
    authorId: r.author_id,
    taskId: r.task_id,
    emotion: Number(r.emotion),
    createdAt: r.created_at,
  }))
  return {
    range: { from: range.from, to: range.to },
    loops: loops.length,
    average: mean(loops.map((l) => l.emotion)),
    weeks: weekFigures(loops, range),
    points: loops.map((l) => ({ at: l.createdAt, emotion: l.emotion })),
    tags: named(tagCounts(loops, tagsOf), tags),
  }
}

/** The anonymous class view of the range, or null while the owner has not switched it on. */
export async function classInsight(ctx: Ctx, groupId: string, query: InsightQuery = {}): Promise<ClassTask[] | null> {
  const work = await requireGroupWork(ctx, groupId)
  if (!work.classInsight || !work.access.role) return null
  const range = insightRange(query, ctx.now, actorOf(ctx).timezone)
  const scope = classViewScope(work, 'l')
  const [rows, tagsOf, tags, tasks] = await Promise.all([
    ctx.db
      .selectFrom('loops as l')
      .select(['l.id', 'l.author_id', 'l.task_id', 'l.emotion', 'l.created_at'])
      .where(scope)
      .where('l.task_id', 'is not', null)
      .where('l.created_at', '>=', range.fromIso)
      .where('l.created_at', '<', range.toIso)
      .execute(),
    loopTagsOf(ctx, scope, range),
    groupTags(ctx, groupId),
    ctx.db
      .selectFrom('group_tasks as t')
      .select(['t.id', 't.title'])
      .where(taskVisibility(work, ctx.now, 't'))
      .orderBy('t.position')
      .execute(),
  ])
  const loops = rows.map((r) => ({
    id: r.id,
    authorId: r.author_id,
    taskId: r.task_id,
    emotion: Number(r.emotion),
    createdAt: r.created_at,
  }))
  const withLoops = new Set(loops.map((l) => l.taskId))
  const figures = taskFigures(
    loops,
    tagsOf,
    tasks.filter((t) => withLoops.has(t.id)).map((t) => ({ ...t, roles: [] })),
    [],
  ).filter((f) => f.id !== null)
  return figures.map((f) => {
    const writers = new Set(loops.filter((l) => l.taskId === f.id).map((l) => l.authorId)).size
    const shown = writers >= CLASS_VIEW_MIN_WRITERS
    return {
      id: f.id!,
      title: f.title,
      shown,
      loops: shown ? f.loops : 0,
      distribution: shown ? f.distribution : [],
      average: shown ? f.average : null,
      tags: shown ? named(f.tags, tags) : [],
    }
  })
}

/** The owner switches the class view on or off (FORBIDDEN for anyone else who sees the group, and in an inactive group). */
export async function setClassInsight(ctx: Ctx, groupId: string, on: boolean) {
  const work = await requireGroupWork(ctx, groupId)
  if (work.access.role !== 'owner' || !work.access.group.active) throw new DomainError('FORBIDDEN')
  if (!work.access.organization.active) throw new DomainError('ORGANIZATION_INACTIVE')
  await ctx.db
    .updateTable('groups')
    .set({ class_insight: on ? 1 : 0 })
    .where('id', '=', groupId)
    .execute()
  return { on }
}
