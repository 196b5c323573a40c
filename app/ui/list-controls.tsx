import { Form, useLocation, useNavigation } from '@remix-run/react'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { lastPageOf } from '~/utils/list-query'
import { AppLink } from './app-link'
import { inputClass } from './field'

/**
 * Whether another page of this same list is loading: a GET navigation (a link, or the search
 * and filter forms) to the current path. The reload after a form's POST does not count.
 */
export function useListLoading() {
  const navigation = useNavigation()
  const location = useLocation()
  return (
    navigation.state === 'loading' &&
    navigation.location?.pathname === location.pathname &&
    (navigation.formMethod ?? 'GET').toUpperCase() === 'GET'
  )
}

/** The current URL with some parameters changed (null removes one). */
function useHrefWith() {
  const location = useLocation()
  return (changes: Record<string, string | null>) => {
    const params = new URLSearchParams(location.search)
    for (const [k, v] of Object.entries(changes)) {
      if (v === null || v === '') params.delete(k)
      else params.set(k, v)
    }
    const qs = params.toString()
    return `${location.pathname}${qs ? `?${qs}` : ''}`
  }
}

/** A column header that sorts by `sort`, toggling the direction; aria-sort tells the state. */
export function SortHeader({ sort, current, dir, children }: { sort: string; current: string; dir: 'asc' | 'desc'; children: ReactNode }) {
  const hrefWith = useHrefWith()
  const active = sort === current
  const nextDir = active && dir === 'asc' ? 'desc' : 'asc'
  return (
    <th
      scope="col"
      aria-sort={active ? (dir === 'asc' ? 'ascending' : 'descending') : 'none'}
      className="px-3 py-2 text-left font-semibold"
    >
      {/* The arrow is the link's ::after, from the header's aria-sort (`.sort-link`, app/styles/app.css). */}
      <AppLink to={hrefWith({ sort, dir: nextDir, page: null })} className="sort-link inline-flex items-center gap-1 hover:underline">
        {children}
      </AppLink>
    </th>
  )
}

/**
 * Previous / next with "showing 51–100 of 10 000". With `more`, `total` is where the count stopped
 * (a search counted only so far): "of more than 200", and there is always a next page.
 */
export function Pagination({ page, pageSize, total, more = false }: { page: number; pageSize: number; total: number; more?: boolean }) {
  const { t } = useTranslation()
  const hrefWith = useHrefWith()
  const pages = lastPageOf({ total, pageSize })
  const from = total === 0 ? 0 : (page - 1) * pageSize + 1
  const to = Math.min(total, page * pageSize)
  const linkClass = 'rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm hover:bg-slate-100'
  return (
    <nav aria-label={t('list.pagination')} className="mt-4 flex flex-wrap items-center justify-between gap-2 text-sm">
      <p className="text-slate-700">{t(more ? 'list.showingMore' : 'list.showing', { from, to, total })}</p>
      <div className="flex gap-2">
        {page > 1 ? (
          <AppLink to={hrefWith({ page: String(page - 1) })} className={linkClass} rel="prev">
            {t('list.previous')}
          </AppLink>
        ) : null}
        <span className="px-2 py-1.5 text-slate-700">{t(more ? 'list.pageOfMore' : 'list.pageOf', { page, pages })}</span>
        {more || page < pages ? (
          <AppLink to={hrefWith({ page: String(page + 1) })} className={linkClass} rel="next">
            {t('list.next')}
          </AppLink>
        ) : null}
      </div>
    </nav>
  )
}

/** A GET search form that keeps the other list parameters (sort, filters) and resets the page. */
export function SearchBox({ q, label, keep = [] }: { q: string; label: string; keep?: string[] }) {
  const { t } = useTranslation()
  const location = useLocation()
  const params = new URLSearchParams(location.search)
  const searching = useListLoading()
  return (
    <Form method="get" role="search" className="flex items-end gap-2">
      {['sort', 'dir', ...keep].map((k) => (params.get(k) ? <input key={k} type="hidden" name={k} value={params.get(k)!} /> : null))}
      <div className="flex-1">
        <label htmlFor="list-search" className="mb-1 block text-sm font-medium">
          {label}
        </label>
        <input id="list-search" type="search" name="q" defaultValue={q} className={inputClass} />
      </div>
      <button
        type="submit"
        className="rounded-md border border-slate-300 bg-white px-4 py-2 font-medium hover:bg-slate-100"
        aria-busy={searching || undefined}
      >
        {t('list.search')}
      </button>
    </Form>
  )
}
