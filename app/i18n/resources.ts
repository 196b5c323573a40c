import type { Locale } from './config'

/**
 * Browser messages come in areas, each a chunk per locale: `core` (every page) and `admin`
 * (organization administration). A route that needs more than core says so in
 * `handle.i18nArea`; mail texts never reach the browser (see i18n.server.ts).
 */
export const AREAS = ['core', 'admin'] as const
export type Area = (typeof AREAS)[number]
export const isArea = (value: unknown): value is Area => AREAS.includes(value as Area)

type Messages = Record<string, unknown>
const chunks: Record<Locale, Record<Area, () => Promise<{ default: Messages }>>> = {
  sv: { core: () => import('./locales/sv/core'), admin: () => import('./locales/sv/admin') },
  en: { core: () => import('./locales/en/core'), admin: () => import('./locales/en/admin') },
}

export async function loadMessages(locale: Locale, areas: readonly Area[]): Promise<Messages> {
  const loaded = await Promise.all(areas.map((area) => chunks[locale][area]()))
  return Object.assign({}, ...loaded.map((m) => m.default))
}
