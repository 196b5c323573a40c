import type { Expression, SqlBool } from 'kysely'
import { batches } from '~/db/batches'
import { actorOf, type Ctx } from '../context.server'
import { insightViewer, loopCountScope, requireGroupWork, type GroupWork } from './group-work-access.server'
import {
  bySwedishName,
  expectedRoles,
  mean,
  memberFigures,
  taskFigures,
  weekFigures,
  type LoopRow,
  type MemberFigure,
  type MemberRow,
  type TaskFigure,
  type TaskRow,
  type WeekFigure,
} from './insight-figures'
import { insightRange, type InsightRange } from './insight-range.server'
import type { InsightQuery, InsightRole } from './insight.schemas'

/**
 * A group's insight (docs/group-work.md "Insight"): what the loops of a date range show, per task,
 * tasks × tags, per member and per week, for those `insightViewer` lets in, over the loops
 * `loopCountScope` counts for them. Read at each request from the loops of the range (one indexed
 * range read of loops and one of their tags, on a covering index) and added up here (ADR 023).
 */
export interface GroupInsight {
  group: { id: string; name: string; active: boolean }
  /** false: an organization admin outside the group, who gets numbers without names (members is null). */
  named: boolean
  range: Pick<InsightRange, 'from' | 'to'>
  role: InsightRole | null
  totals: { loops: number; members: number; writers: number; average: number | null }
  /** The tags in the heat map's columns: those with a loop in the range, in name order. */
  tags: { id: string; name: string }[]
  tasks: TaskFigure[]
  members: MemberFigure[] | null
  flagged: { quiet: number; falling: number }
  weeks: WeekFigure[]
  /** Whether the owner lets members see the class view, and whether the actor may change it. */
  classInsight: { on: boolean; canChange: boolean }
}

type Scope = Expression<SqlBool>

async function membersInView(ctx: Ctx, work: GroupWork, role: InsightRole | undefined): Promise<MemberRow[]> {
  let query = ctx.db
    .selectFrom('group_members as m')
    .select(['m.user_id as id', 'm.name', 'm.role'])
    .where('m.group_id', '=', work.access.group.id)
    .where('m.role', 'in', role ? [role] : ['owner', 'leader', 'member'])
  if (work.sees === 'followed')
    query = query.where(
      'm.user_id',
      'in',
      ctx.db
        .selectFrom('group_follows')
        .select('member_id')
        .where('group_id', '=', work.access.group.id)
        .where('subscriber_id', '=', work.actorId),
    )
  return (await query.execute()).map((m) => ({ id: m.id, name: m.name, role: m.role }))
}

async function loopsOf(ctx: Ctx, scope: Scope, range: InsightRange): Promise<LoopRow[]> {
  const rows = await ctx.db
    .selectFrom('loops as l')
    .select(['l.id', 'l.author_id', 'l.task_id', 'l.emotion', 'l.created_at'])
    .where(scope)
    .where('l.created_at', '>=', range.fromIso)
    .where('l.created_at', '<', range.toIso)
    .execute()
  return rows.map((r) => ({ id: r.id, authorId: r.author_id, taskId: r.task_id, emotion: Number(r.emotion), createdAt: r.created_at }))
}

/** The tag ids of each loop of the range in scope (loop id -> tag ids). */
export async function loopTagsOf(ctx: Ctx, scope: Scope, range: InsightRange) {
  const rows = await ctx.db
    .selectFrom('loop_tags as lt')
    .innerJoin('loops as l', 'l.id', 'lt.loop_id')
    .select(['lt.loop_id', 'lt.tag_id'])
    .where(scope)
    .where('l.created_at', '>=', range.fromIso)
    .where('l.created_at', '<', range.toIso)
    .execute()
  const tagsOf = new Map<string, string[]>()
  for (const r of rows) {
    const list = tagsOf.get(r.loop_id)
    if (list) list.push(r.tag_id)
    else tagsOf.set(r.loop_id, [r.tag_id])
  }
  return tagsOf
}

async function tasksInRange(ctx: Ctx, work: GroupWork, range: InsightRange, loopTasks: Set<string>): Promise<TaskRow[]> {
  const [tasks, roles] = await Promise.all([
    ctx.db
      .selectFrom('group_tasks as t')
      .select(['t.id', 't.title', 't.published_at'])
      .where('t.group_id', '=', work.access.group.id)
      .where('t.published_at', 'is not', null)
      .where('t.published_at', '<', range.toIso)
      .orderBy('t.position')
      .execute(),
    ctx.db.selectFrom('group_task_roles').select(['task_id', 'role']).where('group_id', '=', work.access.group.id).execute(),
  ])
  const rolesOf = new Map<string, string[]>()
  for (const r of roles) rolesOf.set(r.task_id, [...(rolesOf.get(r.task_id) ?? []), r.role])
  // The published tasks with loops in the range, and those published in it (nobody may have written on them yet).
  // Every viewer of the insight may read the titles: a subscriber reads them on the followed members' loops.
  return tasks
    .filter((t) => loopTasks.has(t.id) || t.published_at! >= range.fromIso)
    .map((t) => ({ id: t.id, title: t.title, roles: rolesOf.get(t.id) ?? [] }))
}

/**
 * The latest loop before the range of each member who wrote nothing in it (the "last loop" of a
 * quiet member); the others' is their latest in the range. One seek per member on
 * loops_group_author_created.
 */
async function lastLoopsBefore(ctx: Ctx, scope: Scope, range: InsightRange, authorIds: string[]) {
  const last = new Map<string, string>()
  for (const ids of batches(authorIds)) {
    const rows = await ctx.db
      .selectFrom('loops as l')
      .select(['l.author_id', (eb) => eb.fn.max('l.created_at').as('last')])
      .where(scope)
      .where('l.author_id', 'in', ids)
      .where('l.created_at', '<', range.fromIso)
      .groupBy('l.author_id')
      .execute()
    for (const r of rows) last.set(r.author_id, String(r.last))
  }
  return last
}

/** The insight of a group over `query`'s range and role (GROUP_NOT_FOUND, FORBIDDEN for a plain member, BAD_REQUEST on the range). */
export async function groupInsight(ctx: Ctx, groupId: string, query: InsightQuery = {}): Promise<GroupInsight> {
  const work = await requireGroupWork(ctx, groupId)
  const { named } = insightViewer(work)
  const range = insightRange(query, ctx.now, actorOf(ctx).timezone)
  const scope = loopCountScope(work, 'l')
  const [members, allLoops, tagsOf, groupTags] = await Promise.all([
    membersInView(ctx, work, query.role),
    loopsOf(ctx, scope, range),
    loopTagsOf(ctx, scope, range),
    ctx.db.selectFrom('group_tags').select(['id', 'name']).where('group_id', '=', groupId).execute(),
  ])
  const memberIds = new Set(members.map((m) => m.id))
  const last = new Map<string, string>()
  for (const loop of allLoops) if ((last.get(loop.authorId) ?? '') < loop.createdAt) last.set(loop.authorId, loop.createdAt)
  const quiet = members.filter((m) => !last.has(m.id)).map((m) => m.id)
  for (const [id, at] of await lastLoopsBefore(ctx, scope, range, quiet)) last.set(id, at)
  // With a role chosen, the loops of the members of that role; else every loop in view (those of members who left too).
  const loops = query.role ? allLoops.filter((l) => memberIds.has(l.authorId)) : allLoops
  const tasks = await tasksInRange(ctx, work, range, new Set(loops.map((l) => l.taskId).filter((id): id is string => id !== null)))
  const inView = query.role ? tasks.filter((t) => t.roles.includes(query.role!)) : tasks
  const figures = taskFigures(loops, tagsOf, inView, members)
  const used = new Set(figures.flatMap((f) => Object.keys(f.tags)))
  const perMember = memberFigures(loops, members, last, range, expectedRoles(inView))
  return {
    group: { id: work.access.group.id, name: work.access.group.name, active: work.access.group.active },
    named,
    range: { from: range.from, to: range.to },
    role: query.role ?? null,
    totals: {
      loops: loops.length,
      members: members.length,
      writers: new Set(loops.map((l) => l.authorId).filter((a) => memberIds.has(a))).size,
      average: mean(loops.map((l) => l.emotion)),
    },
    tags: groupTags.filter((t) => used.has(t.id)).sort((a, b) => bySwedishName(a.name, b.name)),
    tasks: figures,
    members: named ? perMember : null,
    flagged: { quiet: perMember.filter((m) => m.quiet).length, falling: perMember.filter((m) => m.falling).length },
    weeks: weekFigures(loops, range),
    classInsight: { on: work.classInsight, canChange: work.access.role === 'owner' && work.access.group.active },
  }
}
