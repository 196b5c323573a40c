/** Locales of the product: Swedish is the default, English is also offered. */
export const LOCALES = ['sv', 'en'] as const
export type Locale = (typeof LOCALES)[number]
export const DEFAULT_LOCALE: Locale = 'sv'
export const DEFAULT_TIMEZONE = 'Europe/Stockholm'

export const isLocale = (value: unknown): value is Locale => LOCALES.includes(value as Locale)

export const i18nOptions = {
  supportedLngs: [...LOCALES],
  fallbackLng: DEFAULT_LOCALE,
  defaultNS: 'translation',
  interpolation: { escapeValue: false },
  react: { useSuspense: false },
}
