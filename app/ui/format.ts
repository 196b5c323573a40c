import { useTranslation } from 'react-i18next'
import { useRootData } from '~/ui/root-data'
import { DEFAULT_TIMEZONE } from '~/i18n/config'

const STYLES = {
  time: { hour: '2-digit', minute: '2-digit', second: '2-digit' },
  date: { dateStyle: 'medium' },
  dateTime: { dateStyle: 'medium', timeStyle: 'short' },
} satisfies Record<string, Intl.DateTimeFormatOptions>
type Style = keyof typeof STYLES

// Making an Intl.DateTimeFormat costs far more than using one: a list page formats hundreds of
// dates, so each (locale, timezone, style) gets one, made on first use and kept.
const formatters = new Map<string, Intl.DateTimeFormat>()
function formatterFor(locale: string, timeZone: string, style: Style) {
  const key = `${locale}|${timeZone}|${style}`
  let formatter = formatters.get(key)
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(locale, { timeZone, ...STYLES[style] })
    formatters.set(key, formatter)
  }
  return formatter
}

const numberFormats = new Map<string, Intl.NumberFormat>()
/** Numbers in the page's language (1 234 in Swedish, 1,234 in English), with a formatter made once per language. */
export function formatNumber(language: string, value: number) {
  const locale = language === 'en' ? 'en-GB' : 'sv-SE'
  let format = numberFormats.get(locale)
  if (!format) {
    format = new Intl.NumberFormat(locale)
    numberFormats.set(locale, format)
  }
  return format.format(value)
}

/**
 * Date and time formatting in the user's locale and timezone (Europe/Stockholm when signed out,
 * unless `signedOutZone` is given, e.g. the browser's once JavaScript runs).
 */
/** A calendar day ('2026-06-29', no time or zone) in the language's date style: "29 juni 2026". */
export function formatDay(language: string, day: string) {
  return formatterFor(language === 'en' ? 'en-GB' : 'sv-SE', 'UTC', 'date').format(new Date(`${day}T12:00:00Z`))
}

export function useFormatters(signedOutZone?: string) {
  const { i18n } = useTranslation()
  const root = useRootData()
  const timeZone = (root?.user ? root.timezone : signedOutZone) ?? root?.timezone ?? DEFAULT_TIMEZONE
  const locale = i18n.language === 'en' ? 'en-GB' : 'sv-SE'
  const format = (style: Style) => (value: string | Date | null | undefined) =>
    value ? formatterFor(locale, timeZone, style).format(new Date(value)) : ''
  return { time: format('time'), date: format('date'), dateTime: format('dateTime') }
}
