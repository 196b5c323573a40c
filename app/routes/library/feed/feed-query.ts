import { FEED_SCOPES, FEED_SORTS, PACKAGE_LANGUAGES } from '~/services/library/packages.constants'
import type { FeedQuery } from '~/services/library/types'
import { parseListQuery } from '~/utils/list-query'

export const FEED_PAGE_SIZE = 20

/**
 * The feed's search, filters, sort and page from its URL (?q=&scope=&language=&tag=&sort=&dir=&page=),
 * unknown values falling back to the defaults: all packages, the last changed first.
 */
export function feedQueryOf(url: URL): FeedQuery {
  const query = parseListQuery(url, { sorts: FEED_SORTS, defaultSort: 'updated', defaultDir: 'desc', pageSize: FEED_PAGE_SIZE })
  const p = url.searchParams
  const scope = FEED_SCOPES.find((s) => s === p.get('scope')) ?? 'all'
  const language = PACKAGE_LANGUAGES.find((l) => l === p.get('language'))
  const tag = (p.get('tag') ?? '').trim().slice(0, 30) || undefined
  return { ...query, scope, language, tag }
}
