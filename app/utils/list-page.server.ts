import { redirect } from '@remix-run/node'
import { lastPageOf, type Page } from './list-query'

/**
 * A list loader's guard against a page past the end (`?page=99` of 7 pages, a link kept after
 * members were removed): it throws a redirect to the last page, keeping the other parameters
 * (search, sort, filters), so the screen never says "4901–303 of 303". Call it with the page the
 * service answered.
 */
export function redirectPastLastPage(request: Request, page: Pick<Page<unknown>, 'page' | 'total' | 'pageSize'>) {
  const last = lastPageOf(page)
  if (page.page <= last) return
  const url = new URL(request.url)
  if (last === 1) url.searchParams.delete('page')
  else url.searchParams.set('page', String(last))
  const search = url.searchParams.toString()
  throw redirect(`${url.pathname}${search ? `?${search}` : ''}`)
}
