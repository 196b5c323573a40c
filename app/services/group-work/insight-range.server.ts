import { DomainError } from '~/errors'
import { nextDay, startOfDayIn } from '~/utils/timezones'
import { INSIGHT_DEFAULT_DAYS, INSIGHT_MAX_DAYS, type InsightQuery } from './insight.schemas'

/** A range of calendar days in a time zone, as moments, with its weeks (Monday first). */
export interface InsightRange {
  /** The first and last day, both included (YYYY-MM-DD). */
  from: string
  to: string
  /** The moments of the range: [fromIso, toIso), UTC ISO strings, comparable as text with loops.created_at. */
  fromIso: string
  toIso: string
  /** Each week the range touches: its Monday (YYYY-MM-DD, may lie before `from`) and the moment its part of the range starts. */
  weeks: { monday: string; startIso: string }[]
}

const DAY_MS = 86_400_000
const dayNumber = (day: string) => Date.parse(`${day}T00:00:00Z`) / DAY_MS
const dayOf = (n: number) => new Date(n * DAY_MS).toISOString().slice(0, 10)

/** Today's date in a zone. */
export function todayIn(now: Date, timeZone: string) {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now)
}

const invalid = (field: string, key: string) => new DomainError('BAD_REQUEST', { errors: { [field]: [key] } })

/**
 * The range a query asks for, in the viewer's zone: `to` defaults to today, `from` to 4 weeks
 * before `to` (27 days back: 28 days in all). BAD_REQUEST when `from` is after `to` or the range
 * is longer than INSIGHT_MAX_DAYS.
 */
export function insightRange(query: Pick<InsightQuery, 'from' | 'to'>, now: Date, timeZone: string): InsightRange {
  const to = query.to ?? todayIn(now, timeZone)
  const from = query.from ?? dayOf(dayNumber(to) - (INSIGHT_DEFAULT_DAYS - 1))
  const problem = rangeProblem({ from, to })
  if (problem) throw invalid('from', problem)
  const fromIso = startOfDayIn(from, timeZone)
  const toIso = startOfDayIn(nextDay(to), timeZone)
  const weeks: InsightRange['weeks'] = []
  // 1970-01-01 was a Thursday: day n is a Monday when (n + 3) % 7 === 0.
  const firstMonday = dayNumber(from) - ((dayNumber(from) + 3) % 7)
  for (let monday = firstMonday; monday <= dayNumber(to); monday += 7) {
    const mondayDay = dayOf(monday)
    weeks.push({ monday: mondayDay, startIso: monday < dayNumber(from) ? fromIso : startOfDayIn(mondayDay, timeZone) })
  }
  return { from, to, fromIso, toIso, weeks }
}

/** What is wrong with a range of two days (a message key), or null: the screen's form asks before the service does. */
export function rangeProblem({ from, to }: { from?: string; to?: string }) {
  if (!from || !to) return null
  if (dayNumber(from) > dayNumber(to)) return 'insight.form.fromAfterTo'
  if (dayNumber(to) - dayNumber(from) + 1 > INSIGHT_MAX_DAYS) return 'insight.form.tooLong'
  return null
}

/** The index of the week a moment (inside the range) falls in. */
export function weekIndex(range: InsightRange, iso: string) {
  let low = 0
  let high = range.weeks.length - 1
  while (low < high) {
    const mid = (low + high + 1) >> 1
    if (range.weeks[mid].startIso <= iso) low = mid
    else high = mid - 1
  }
  return low
}
