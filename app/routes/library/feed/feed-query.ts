import { parseListQuery } from '~/utils/list-query'

export const FEED_SCOPES = ['all', 'mine', 'shared'] as const
export type FeedScope = (typeof FEED_SCOPES)[number]
export const FEED_LANGUAGES = ['sv', 'en'] as const
export const FEED_SORTS = ['updated', 'name', 'created'] as const
export type FeedSort = (typeof FEED_SORTS)[number]
export const FEED_PAGE_SIZE = 20

/**
 * The feed's search, filters, sort and page from its URL (?q=&scope=&language=&tag=&sort=&dir=&page=),
 * unknown values falling back to the defaults: all packages, newest change first.
 */
export function feedQueryOf(url: URL) {
  const query = parseListQuery(url, { sorts: FEED_SORTS, defaultSort: 'updated', defaultDir: 'desc', pageSize: FEED_PAGE_SIZE })
  const p = url.searchParams
  const scope = FEED_SCOPES.find((s) => s === p.get('scope')) ?? 'all'
  const language = FEED_LANGUAGES.find((l) => l === p.get('language')) ?? ''
  const tag = (p.get('tag') ?? '').trim().slice(0, 30)
  return { ...query, scope, language, tag }
}
export type FeedQuery = ReturnType<typeof feedQueryOf>
