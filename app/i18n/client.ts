import type { ClientLoaderFunctionArgs } from '@remix-run/react'
import i18next from 'i18next'
import { isLocale } from './config'
import { loadMessages, type Area } from './resources'

const loaded = new Set<Area>()

/** Marks the areas loaded before hydration. */
export const markLoaded = (areas: readonly Area[]) => areas.forEach((a) => loaded.add(a))

/** Loads an area's messages into the browser's i18next instance once. */
export async function ensureArea(area: Area) {
  const lng = i18next.language
  if (loaded.has(area) || !isLocale(lng)) return
  i18next.addResourceBundle(lng, 'translation', await loadMessages(lng, [area]), true, false)
  loaded.add(area)
}

/** A clientLoader for routes whose messages are in another area: load them, then the data. */
export const withArea =
  (area: Area) =>
  async ({ serverLoader }: ClientLoaderFunctionArgs) => {
    const [data] = await Promise.all([serverLoader(), ensureArea(area)])
    return data
  }
