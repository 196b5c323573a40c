import { useMatches } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { AppLink } from '../app-link'

/**
 * A route's `handle.breadcrumb` is a message key, or a function of its loader data giving a name
 * (e.g. the organization's) or null when the name cannot be found, which hides the breadcrumbs.
 * Every screen names itself: the last crumb is the page the user is on.
 */
export type Breadcrumb = string | ((data: unknown) => { label: string } | null)

interface Crumb {
  /** The route's id: an index route has the same path as its parent, so the path is no key. */
  id: string
  to: string
  label: string
}

type Match = { id: string; pathname: string; handle?: unknown; data?: unknown }

/**
 * The trail of the matched routes that have a breadcrumb, outermost first; null when a route
 * says its name cannot be found (the breadcrumbs are hidden).
 */
export function breadcrumbTrail(matches: Match[], t: (key: string) => string): Crumb[] | null {
  const crumbs: Crumb[] = []
  for (const match of matches) {
    const crumb = (match.handle as { breadcrumb?: Breadcrumb | null } | undefined)?.breadcrumb
    if (crumb === undefined) continue
    if (crumb === null) return null
    const label = typeof crumb === 'string' ? t(crumb) : crumb(match.data)?.label
    if (label === undefined) return null
    crumbs.push({ id: match.id, to: match.pathname, label })
  }
  return crumbs
}

export function Breadcrumbs({ brand }: { brand: string }) {
  const { t } = useTranslation()
  const crumbs = breadcrumbTrail(useMatches(), t)
  if (!crumbs?.length) return null
  return (
    <nav aria-label={t('breadcrumbs.label')} className="mb-4 text-sm">
      <ol className="flex flex-wrap items-center gap-1 text-slate-600">
        <li>
          <AppLink to="/" className="hover:underline">
            {brand}
          </AppLink>
        </li>
        {crumbs.map((c, i) => (
          <li key={c.id} className="flex items-center gap-1">
            <span aria-hidden>/</span>
            {i === crumbs.length - 1 ? (
              <span aria-current="page" className="font-medium text-slate-900">
                {c.label}
              </span>
            ) : (
              <AppLink to={c.to} className="hover:underline">
                {c.label}
              </AppLink>
            )}
          </li>
        ))}
      </ol>
    </nav>
  )
}
