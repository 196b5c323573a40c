import type { GroupKind } from '~/db/schema'
import { GROUP_KINDS, GROUP_SORTS } from '~/services/groups/groups.constants'
import type { GroupListQuery } from '~/services/groups/groups.server'
import { parseListQuery } from '~/utils/list-query'

export const STATUS_FILTERS = ['all', 'active', 'inactive'] as const
export type StatusFilter = (typeof STATUS_FILTERS)[number]

/** The status and kind filters of the URL; unknown values fall back to all. */
export function readGroupFilters(url: URL) {
  const status = url.searchParams.get('status') as StatusFilter
  const kind = url.searchParams.get('kind') as GroupKind
  return {
    status: STATUS_FILTERS.includes(status) ? status : 'all',
    kind: GROUP_KINDS.includes(kind) ? kind : ('' as const),
  }
}

/**
 * The groups list's search, filters, sort and page from its URL: what the loader shows, and what
 * "select all N matching" of the bulk form acts on (the form posts to the same URL).
 */
export function groupListQueryOf(url: URL): GroupListQuery {
  const query = parseListQuery(url, { sorts: GROUP_SORTS, defaultSort: 'name' })
  const { status, kind } = readGroupFilters(url)
  return { ...query, active: status === 'all' ? undefined : status === 'active', kind: kind || undefined }
}
