import { useTranslation } from 'react-i18next'
import { useRootData } from '~/root'
import { DEFAULT_TIMEZONE } from '~/i18n/config'

/** Date and time formatting in the user's locale and timezone (Europe/Stockholm when signed out). */
export function useFormatters() {
  const { i18n } = useTranslation()
  const timeZone = useRootData()?.timezone ?? DEFAULT_TIMEZONE
  const locale = i18n.language === 'en' ? 'en-GB' : 'sv-SE'
  const format = (options: Intl.DateTimeFormatOptions) => (value: string | Date | null | undefined) =>
    value ? new Intl.DateTimeFormat(locale, { timeZone, ...options }).format(new Date(value)) : ''
  return {
    time: format({ hour: '2-digit', minute: '2-digit', second: '2-digit' }),
    date: format({ dateStyle: 'medium' }),
    dateTime: format({ dateStyle: 'medium', timeStyle: 'short' }),
  }
}
