import type { RouteConfigEntry } from '@remix-run/route-config'
import routes from '~/routes'

export interface FlatRoute {
  /** The URL pattern without the leading slash, e.g. `organizations/:organizationId/members`. */
  path: string
  file: string
  id: string
}

/** Every route of app/routes.ts that has a URL of its own (layouts without a path are left out), depth first. */
export function flattenRoutes(entries: readonly RouteConfigEntry[] = routes, parent = ''): FlatRoute[] {
  return entries.flatMap((entry) => {
    const path = [parent, entry.path ?? ''].filter(Boolean).join('/')
    const own = entry.path !== undefined || entry.index ? [{ path, file: entry.file, id: entry.id ?? entry.file }] : []
    return [...own, ...flattenRoutes(entry.children ?? [], path)]
  })
}
