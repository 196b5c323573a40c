import { nextDay, startOfDayIn } from '~/utils/timezones'

/**
 * The Tasks screen's dates, in the user's time zone: the form's due day (YYYY-MM-DD) and
 * "publish at" local time (YYYY-MM-DDTHH:mm) as moments, and back as the inputs' values.
 */

/** A due day means "by the end of that day": the last millisecond of it in the zone. */
export const dueMomentOf = (day: string, timeZone: string) => new Date(Date.parse(startOfDayIn(nextDay(day), timeZone)) - 1).toISOString()

/** A local date and time in the zone as a moment. */
export function momentOfLocal(local: string, timeZone: string) {
  const [day, time] = local.split('T')
  const [hours, minutes] = time.split(':').map(Number)
  const start = Date.parse(startOfDayIn(day, timeZone))
  // A second look corrects a daylight-saving change within the day.
  const guess = new Date(start + (hours * 60 + minutes) * 60_000)
  const shown = localInputValue(guess.toISOString(), timeZone)
  const drift = Date.parse(`${local}:00Z`) - Date.parse(`${shown}:00Z`)
  return new Date(guess.getTime() + drift).toISOString()
}

/** The zone's local date and time of a moment, as a datetime-local input's value (YYYY-MM-DDTHH:mm). */
export function localInputValue(iso: string, timeZone: string) {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
    })
      .formatToParts(new Date(iso))
      .map((p) => [p.type, p.value]),
  )
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}`
}

/** The zone's local day of a moment, as a date input's value (YYYY-MM-DD). */
export const localDayValue = (iso: string, timeZone: string) => localInputValue(iso, timeZone).slice(0, 10)
