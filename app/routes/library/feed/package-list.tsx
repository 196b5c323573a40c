import { Link } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import type { PackageListItem } from '~/services/library/types'
import { useFormatters } from '~/ui/format'
import { libraryPaths } from '../paths'

/** The feed's packages: a card each, with name (a link to the view), access, tags and counts. */
export function PackageList({ items }: { items: PackageListItem[] }) {
  const { t } = useTranslation()
  const { date } = useFormatters()
  return (
    <ul className="grid gap-3 md:grid-cols-2" aria-label={t('library.feed.listLabel')}>
      {items.map((pkg) => (
        <li key={pkg.id} className="flex flex-col gap-2 rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200">
          <div className="flex flex-wrap items-center gap-2">
            <Link to={libraryPaths.view(pkg.id)} className="text-lg font-semibold text-brand-700 underline-offset-2 hover:underline">
              {pkg.name}
            </Link>
            <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-700">{t(`library.access.${pkg.access}`)}</span>
            {pkg.status === 'draft' ? (
              <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-900">{t('library.draft')}</span>
            ) : null}
          </div>
          {pkg.description ? <p className="line-clamp-2 text-sm text-slate-700">{pkg.description}</p> : null}
          {pkg.tags.length ? (
            <ul className="flex flex-wrap gap-1" aria-label={t('library.view.tags')}>
              {pkg.tags.map((tag) => (
                <li key={tag}>
                  <Link
                    to={`${libraryPaths.feed}?tag=${encodeURIComponent(tag)}`}
                    className="rounded-full bg-brand-50 px-2 py-0.5 text-xs font-medium text-brand-800 hover:underline"
                  >
                    #{tag}
                  </Link>
                </li>
              ))}
            </ul>
          ) : null}
          <p className="text-sm text-slate-600">
            {t(`library.language.${pkg.language}`)} · {t('library.feed.counts', { roles: pkg.roleCount, tasks: pkg.entityCount })}
          </p>
          <p className="text-sm text-slate-600">
            {pkg.access === 'owner' ? null : <>{t('library.feed.ownedBy', { name: pkg.owner.name })} · </>}
            {t('library.feed.updated', { date: date(pkg.updatedAt) })}
          </p>
        </li>
      ))}
    </ul>
  )
}
