import type { Locale } from './config'

/**
 * Each locale is split by area (common, auth, ...) into files with distinct top-level keys,
 * merged into one namespace. The browser loads only the page's locale, as its own chunk.
 */
export async function loadMessages(locale: Locale): Promise<Record<string, unknown>> {
  const mod = locale === 'en' ? await import('./locales/en/index') : await import('./locales/sv/index')
  return mod.default
}
