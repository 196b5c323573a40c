import { Link, useMatches } from '@remix-run/react'
import { useTranslation } from 'react-i18next'

/**
 * A route's `handle.breadcrumb` is a message key, or a function of its loader data giving a name
 * (e.g. the organization's) or null when the name cannot be found, which hides the breadcrumbs.
 */
export type Breadcrumb = string | ((data: unknown) => { label: string } | null)

export function Breadcrumbs({ brand }: { brand: string }) {
  const { t } = useTranslation()
  const matches = useMatches()
  const crumbs: { to: string; label: string }[] = []
  for (const match of matches) {
    const crumb = (match.handle as { breadcrumb?: Breadcrumb } | undefined)?.breadcrumb
    if (crumb === undefined) continue
    if (crumb === null) return null
    if (typeof crumb === 'string') {
      crumbs.push({ to: match.pathname, label: t(crumb) })
      continue
    }
    const named = crumb(match.data)
    if (!named) return null
    crumbs.push({ to: match.pathname, label: named.label })
  }
  if (crumbs.length === 0) return null
  return (
    <nav aria-label={t('breadcrumbs.label')} className="mb-4 text-sm">
      <ol className="flex flex-wrap items-center gap-1 text-slate-600">
        <li>
          <Link to="/" className="hover:underline">
            {brand}
          </Link>
        </li>
        {crumbs.map((c, i) => (
          <li key={c.to} className="flex items-center gap-1">
            <span aria-hidden>/</span>
            {i === crumbs.length - 1 ? (
              <span aria-current="page" className="font-medium text-slate-900">
                {c.label}
              </span>
            ) : (
              <Link to={c.to} className="hover:underline">
                {c.label}
              </Link>
            )}
          </li>
        ))}
      </ol>
    </nav>
  )
}
