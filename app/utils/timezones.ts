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
