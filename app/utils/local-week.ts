/**
 * Weeks in a user's time zone (the subscribers' weekly digest, docs/group-work.md "Digest"): a week
 * runs from Monday 00:00 to the next Monday 00:00 local time, whatever the daylight-saving change
 * in between (a week of 167 or 169 hours).
 */

const DAY_MS = 86_400_000
const formatters = new Map<string, Intl.DateTimeFormat>()

function partsOf(instant: number, timeZone: string) {
  let formatter = formatters.get(timeZone)
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
      hourCycle: 'h23',
    })
    formatters.set(timeZone, formatter)
  }
  const p = Object.fromEntries(formatter.formatToParts(instant).map((x) => [x.type, Number(x.value)]))
  return { year: p.year, month: p.month, day: p.day, hour: p.hour, minute: p.minute, second: p.second }
}

/** How far the zone's local time is ahead of UTC at `instant`, in ms. */
function offsetAt(instant: number, timeZone: string) {
  const p = partsOf(instant, timeZone)
  return Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second) - Math.floor(instant / 1000) * 1000
}

/** The moment a local date and hour happen in the zone. */
export function zonedTime(date: Date, hour: number, timeZone: string) {
  const wall = Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate(), hour)
  const first = wall - offsetAt(wall, timeZone)
  return new Date(wall - offsetAt(first, timeZone))
}

/** A zone the runtime knows, else Europe/Stockholm (the product's home). */
export function knownZone(timeZone: string) {
  try {
    new Intl.DateTimeFormat('en-GB', { timeZone })
    return timeZone
  } catch {
    return 'Europe/Stockholm'
  }
}

/**
 * The week before the one `now` falls in, in the zone: its Monday as a local date (`week`,
 * YYYY-MM-DD), its start and end as moments, and `sendFrom`: this week's Monday at `hour` local
 * time, from when its digest is due.
 */
export function previousWeek(now: Date, timeZone: string, hour: number) {
  const zone = knownZone(timeZone)
  const p = partsOf(now.getTime(), zone)
  const today = new Date(Date.UTC(p.year, p.month - 1, p.day))
  const monday = new Date(today.getTime() - ((today.getUTCDay() + 6) % 7) * DAY_MS)
  const previous = new Date(monday.getTime() - 7 * DAY_MS)
  return {
    week: previous.toISOString().slice(0, 10),
    from: zonedTime(previous, 0, zone),
    to: zonedTime(monday, 0, zone),
    sendFrom: zonedTime(monday, hour, zone),
  }
}
