import { weekIndex, type InsightRange } from './insight-range.server'

/**
 * The figures of a group's insight, computed from the loops of a range (docs/group-work.md
 * "Insight"): pure functions over rows the queries read (insight.server.ts), so each figure is
 * tested against a hand-computed fixture (insight-figures.test.ts). Averages are rounded to two
 * decimals; a figure with no loops is null, never 0.
 */

export interface LoopRow {
  id: string
  authorId: string
  taskId: string | null
  emotion: number
  createdAt: string
}
export interface MemberRow {
  id: string
  name: string
  role: string
}
export interface TaskRow {
  id: string
  title: string
  roles: string[]
}

export interface TaskFigure {
  /** null: the free loops (no task). */
  id: string | null
  title: string
  /** The members in view whom the task is for (free loops: every member in view). */
  members: number
  /** Of them, those who wrote a loop on it in the range. */
  writers: number
  loops: number
  average: number | null
  /** The standard deviation of the emotional values (population), null without loops. */
  spread: number | null
  /** How many loops had each emotional value, 1 to 5. */
  distribution: number[]
  /** Loops per tag id (the heat map's row): only tags with at least one loop. */
  tags: Record<string, number>
}

export interface MemberFigure {
  id: string
  name: string
  role: string
  loops: number
  /** The member's latest loop in the group, in or before the range (null: never). */
  lastLoop: string | null
  average: number | null
  /** The average emotional value per week of the range (null: no loop that week): the small line. */
  trend: (number | null)[]
  /** Nothing written in the range, though asked to (expectedRoles). */
  quiet: boolean
  /** Their recent values fell by two steps or more (fellBy). */
  falling: boolean
}

export interface WeekFigure {
  /** The week's Monday (YYYY-MM-DD). */
  week: string
  loops: number
  average: number | null
}

function groupInto<K, V>(map: Map<K, V[]>, key: K, value: V) {
  const list = map.get(key)
  if (list) list.push(value)
  else map.set(key, [value])
}

/** Swedish name order; one collator (String.localeCompare with a locale builds one per call). */
export const bySwedishName = new Intl.Collator('sv').compare

const round = (n: number) => Math.round(n * 100) / 100
export const mean = (values: number[]) => (values.length ? round(values.reduce((a, b) => a + b, 0) / values.length) : null)
function spreadOf(values: number[]) {
  if (!values.length) return null
  const m = values.reduce((a, b) => a + b, 0) / values.length
  return round(Math.sqrt(values.reduce((a, v) => a + (v - m) ** 2, 0) / values.length))
}

/**
 * How far a member's recent values fell: the average of their earlier loops in the range minus
 * the average of the most recent third (at least one loop), oldest first; null under two loops.
 * 2 or more flags the member (MemberFigure.falling).
 */
export function fellBy(emotions: number[]): number | null {
  if (emotions.length < 2) return null
  const recent = Math.ceil(emotions.length / 3)
  const earlier = emotions.slice(0, emotions.length - recent)
  const latest = emotions.slice(emotions.length - recent)
  return round(mean(earlier)! - mean(latest)!)
}

/** Per task (and the free loops, when there are any), in the tasks' order. */
export function taskFigures(loops: LoopRow[], tagsOf: Map<string, string[]>, tasks: TaskRow[], members: MemberRow[]): TaskFigure[] {
  const byTask = new Map<string | null, LoopRow[]>()
  for (const loop of loops) groupInto(byTask, loop.taskId, loop)
  const memberIds = new Set(members.map((m) => m.id))
  const figure = (id: string | null, title: string, forMembers: MemberRow[]): TaskFigure => {
    const rows = byTask.get(id) ?? []
    const emotions = rows.map((l) => l.emotion)
    const tags: Record<string, number> = {}
    for (const loop of rows) for (const tag of tagsOf.get(loop.id) ?? []) tags[tag] = (tags[tag] ?? 0) + 1
    const audience = new Set(forMembers.map((m) => m.id))
    return {
      id,
      title,
      members: audience.size,
      writers: new Set(rows.map((l) => l.authorId).filter((a) => audience.has(a))).size,
      loops: rows.length,
      average: mean(emotions),
      spread: spreadOf(emotions),
      distribution: [1, 2, 3, 4, 5].map((v) => emotions.filter((e) => e === v).length),
      tags,
    }
  }
  const known = new Set(tasks.map((t) => t.id))
  const figures = tasks.map((task) =>
    figure(
      task.id,
      task.title,
      members.filter((m) => task.roles.includes(m.role)),
    ),
  )
  // Loops of a task out of view (deleted tasks leave free loops; tasks of no listed role) count as free loops.
  const free = loops.filter((l) => l.taskId === null || !known.has(l.taskId))
  if (free.length) {
    byTask.set(null, free)
    figures.push(
      figure(
        null,
        '',
        members.filter((m) => memberIds.has(m.id)),
      ),
    )
  }
  return figures
}

/**
 * The roles asked to write in a range: members (pupils) always, and any role a task of the range
 * is for (a leader given a task). An owner who wrote nothing is not "quiet": nobody asked them.
 */
export function expectedRoles(tasks: TaskRow[]) {
  return new Set(['member', ...tasks.flatMap((t) => t.roles)])
}

/** Per member in view: flagged ones (quiet, then falling) first, then by name. */
export function memberFigures(
  loops: LoopRow[],
  members: MemberRow[],
  lastLoops: Map<string, string>,
  range: InsightRange,
  expected: Set<string> = expectedRoles([]),
): MemberFigure[] {
  const byAuthor = new Map<string, LoopRow[]>()
  for (const loop of loops) groupInto(byAuthor, loop.authorId, loop)
  const figures = members.map((member): MemberFigure => {
    const rows = (byAuthor.get(member.id) ?? []).sort((a, b) => (a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : 0))
    const emotions = rows.map((l) => l.emotion)
    const perWeek = range.weeks.map((): number[] => [])
    for (const loop of rows) perWeek[weekIndex(range, loop.createdAt)].push(loop.emotion)
    const fell = fellBy(emotions)
    return {
      id: member.id,
      name: member.name,
      role: member.role,
      loops: rows.length,
      lastLoop: lastLoops.get(member.id) ?? null,
      average: mean(emotions),
      trend: perWeek.map(mean),
      quiet: rows.length === 0 && expected.has(member.role),
      falling: fell !== null && fell >= 2,
    }
  })
  const rank = (m: MemberFigure) => (m.quiet ? 0 : m.falling ? 1 : 2)
  return figures.sort((a, b) => rank(a) - rank(b) || bySwedishName(a.name, b.name))
}

/** Per week of the range: loops and the average emotional value. */
export function weekFigures(loops: LoopRow[], range: InsightRange): WeekFigure[] {
  const perWeek = range.weeks.map((): number[] => [])
  for (const loop of loops) perWeek[weekIndex(range, loop.createdAt)].push(loop.emotion)
  return range.weeks.map((week, i) => ({ week: week.monday, loops: perWeek[i].length, average: mean(perWeek[i]) }))
}

/** Loops per tag id over all the rows (a member's own insight, the class view). */
export function tagCounts(loops: LoopRow[], tagsOf: Map<string, string[]>) {
  const counts: Record<string, number> = {}
  for (const loop of loops) for (const tag of tagsOf.get(loop.id) ?? []) counts[tag] = (counts[tag] ?? 0) + 1
  return counts
}
