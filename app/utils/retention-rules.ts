import { startOfDayIn } from './timezones'

/**
 * Retention (gallring, docs/group-work.md "Retention"): the periods a group may keep its loops, the
 * purpose's limit and the day arithmetic the job, the "queued for removal" count and the screens
 * share. Browser-safe.
 */
export const RETENTION_MONTHS = [1, 3, 6, 12, 24] as const
export type RetentionMonths = (typeof RETENTION_MONTHS)[number]
export const RETENTION_DEFAULT_MONTHS: RetentionMonths = 3
export const RETENTION_PURPOSE_MAX = 500
/** How many days ahead the owner sees what will be removed, and is told of it. */
export const RETENTION_QUEUE_DAYS = 14
/** Schools' days: a loop's age is counted in calendar days of this zone (daylight saving included). */
export const RETENTION_ZONE = 'Europe/Stockholm'
/** The suggested purposes (message keys `retention.suggestions.<key>`) the owner may pick from. */
export const RETENTION_SUGGESTIONS = ['feedback', 'assessment', 'development'] as const

export const isRetentionMonths = (value: number): value is RetentionMonths => (RETENTION_MONTHS as readonly number[]).includes(value)

const dayFormat = new Intl.DateTimeFormat('en-CA', { timeZone: RETENTION_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' })

/** The calendar day (YYYY-MM-DD) of a moment in RETENTION_ZONE. */
export const retentionDayOf = (moment: Date | string) => dayFormat.format(new Date(moment))

/** The month (YYYY-MM) of a moment in RETENTION_ZONE: the statistics' month of a removed loop. */
export const retentionMonthOf = (moment: Date | string) => retentionDayOf(moment).slice(0, 7)

/** A calendar day moved by whole months (the 31st to the month's last day when it has fewer) and days. */
export function shiftDay(day: string, months: number, days = 0) {
  const [y, m, d] = day.split('-').map(Number)
  const lastOfMonth = new Date(Date.UTC(y, m - 1 + months + 1, 0)).getUTCDate()
  return new Date(Date.UTC(y, m - 1 + months, Math.min(d, lastOfMonth) + days)).toISOString().slice(0, 10)
}

/**
 * The first creation time a group keeping `months` still keeps on the day of `now`: a loop written
 * on 15 March is kept for 3 months, through 15 June, and removed from 16 June (Stockholm days). Loops
 * created before the returned ISO time are expired.
 */
export const retentionCutoff = (months: number, now: Date) => startOfDayIn(shiftDay(retentionDayOf(now), -months), RETENTION_ZONE)

/**
 * The cutoff of the day RETENTION_QUEUE_DAYS days after the day of `now`: loops created before it
 * are "queued for removal", exactly those the job will have removed by then.
 */
export const queuedCutoff = (months: number, now: Date) =>
  startOfDayIn(shiftDay(shiftDay(retentionDayOf(now), 0, RETENTION_QUEUE_DAYS), -months), RETENTION_ZONE)
