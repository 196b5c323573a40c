import { MY_GROUP_SORTS } from '~/services/groups/groups.constants'
import type { MyGroupsQuery } from '~/services/groups/my-groups.server'
import { parseListQuery } from '~/utils/list-query'

export const STATUS_FILTERS = ['all', 'active', 'inactive'] as const
export type StatusFilter = (typeof STATUS_FILTERS)[number]

/** The organization and status filters of the URL; unknown values fall back to all. */
export function readMyGroupFilters(url: URL) {
  const status = url.searchParams.get('status') as StatusFilter
  return {
    status: STATUS_FILTERS.includes(status) ? status : ('all' as const),
    organization: (url.searchParams.get('organization') ?? '').slice(0, 64),
  }
}

/** The list's search, filters, sort and page from its URL. */
export function myGroupsQueryOf(url: URL): MyGroupsQuery {
  const query = parseListQuery(url, { sorts: MY_GROUP_SORTS, defaultSort: 'name', pageSize: 25 })
  const { status, organization } = readMyGroupFilters(url)
  return { ...query, organizationId: organization || undefined, active: status === 'all' ? undefined : status === 'active' }
}
