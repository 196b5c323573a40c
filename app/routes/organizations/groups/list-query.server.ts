import { GROUP_SORTS } from '~/services/groups.schemas'
import type { GroupListQuery } from '~/services/groups.server'
import { parseListQuery } from '~/utils/list-query'
import { readGroupFilters } from './groups-filters'

/**
 * The groups list's search, filters, sort and page from its URL: what the loader shows, and what
 * "select all N matching" of the bulk form acts on (the form posts to the same URL).
 */
export function groupListQueryOf(url: URL): GroupListQuery {
  const query = parseListQuery(url, { sorts: GROUP_SORTS, defaultSort: 'name' })
  const { status, kind } = readGroupFilters(url)
  return { ...query, active: status === 'all' ? undefined : status === 'active', kind: kind || undefined }
}
