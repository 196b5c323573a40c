/**
 * IANA zone names that tzdata has renamed, as the runtime's list still gives them: Node 20's
 * `Intl.supportedValuesOf('timeZone')` (ICU's CLDR names) and browsers' `resolvedOptions()` say
 * Asia/Calcutta and Europe/Kiev. Each maps to its current name, which Intl accepts as well.
 * Zones tzdata merged into another zone (Europe/Bratislava) keep their names: they are current.
 */
const RENAMED: Readonly<Record<string, string>> = {
  'Africa/Asmera': 'Africa/Asmara',
  'America/Buenos_Aires': 'America/Argentina/Buenos_Aires',
  'America/Catamarca': 'America/Argentina/Catamarca',
  'America/Coral_Harbour': 'America/Atikokan',
  'America/Cordoba': 'America/Argentina/Cordoba',
  'America/Godthab': 'America/Nuuk',
  'America/Indianapolis': 'America/Indiana/Indianapolis',
  'America/Jujuy': 'America/Argentina/Jujuy',
  'America/Louisville': 'America/Kentucky/Louisville',
  'America/Mendoza': 'America/Argentina/Mendoza',
  'Asia/Calcutta': 'Asia/Kolkata',
  'Asia/Katmandu': 'Asia/Kathmandu',
  'Asia/Rangoon': 'Asia/Yangon',
  'Asia/Saigon': 'Asia/Ho_Chi_Minh',
  'Atlantic/Faeroe': 'Atlantic/Faroe',
  'Europe/Kiev': 'Europe/Kyiv',
  'Pacific/Enderbury': 'Pacific/Kanton',
  'Pacific/Ponape': 'Pacific/Pohnpei',
  'Pacific/Truk': 'Pacific/Chuuk',
}

/** A zone's current IANA name: a renamed zone (stored, typed or the browser's) as it is called now. */
export const currentZoneName = (zone: string): string => RENAMED[zone] ?? zone

/** The zones a user may choose, by their current names, in order, with UTC. */
export function currentZones(supported: readonly string[] = Intl.supportedValuesOf('timeZone')): string[] {
  return [...new Set([...supported, 'UTC'].map(currentZoneName))].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))
}

/** The offset of a zone from UTC at a moment, in milliseconds (Stockholm in summer: +2 h). */
function offsetAt(moment: number, timeZone: string) {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    })
      .formatToParts(new Date(moment))
      .map((p) => [p.type, Number(p.value)]),
  )
  return Date.UTC(parts.year, parts.month - 1, parts.day, parts.hour, parts.minute, parts.second) - moment
}

/**
 * The moment a calendar day (YYYY-MM-DD) starts in a zone, as an ISO time in UTC: 2026-11-27 in
 * Europe/Stockholm starts at 2026-11-26T23:00:00.000Z. A date range a user types is in their zone.
 */
export function startOfDayIn(day: string, timeZone: string) {
  const [y, m, d] = day.split('-').map(Number)
  const local = Date.UTC(y, m - 1, d)
  // Twice: the offset at the first guess may differ from the offset at the day's start (a DST change).
  let moment = local - offsetAt(local, timeZone)
  moment = local - offsetAt(moment, timeZone)
  return new Date(moment).toISOString()
}

/** The calendar day (YYYY-MM-DD) after `day`. */
export function nextDay(day: string) {
  const [y, m, d] = day.split('-').map(Number)
  return new Date(Date.UTC(y, m - 1, d + 1)).toISOString().slice(0, 10)
}
