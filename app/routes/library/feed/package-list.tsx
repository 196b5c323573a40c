import { useTranslation } from 'react-i18next'
import { AppLink } from '~/ui/app-link'
import { COLLABORATOR_ACCESS, PACKAGE_LANGUAGES } from '~/services/library/packages.constants'
import type { PackageAccess, PackageListItem } from '~/services/library/types'
import { translatedTemplate } from '~/i18n/template'
import { useFormatters } from '~/ui/format'
import { libraryPaths } from '../paths'

const ACCESS_LEVELS: PackageAccess[] = ['owner', ...COLLABORATOR_ACCESS]

/** The feed's packages: a card each, with name (a link to the view), access, tags and counts. */
export function PackageList({ items }: { items: PackageListItem[] }) {
  const { t } = useTranslation()
  const { date } = useFormatters()
  // Translated once per page, not once per card.
  const accessLabel = Object.fromEntries(ACCESS_LEVELS.map((a) => [a, t(`library.access.${a}`)])) as Record<PackageAccess, string>
  const languageLabel = Object.fromEntries(PACKAGE_LANGUAGES.map((l) => [l, t(`library.language.${l}`)])) as Record<string, string>
  const draft = t('library.draft')
  const tagsLabel = t('library.view.tags')
  const counts = translatedTemplate(t, 'library.feed.counts', ['roles', 'tasks'])
  const ownedBy = translatedTemplate(t, 'library.feed.ownedBy', ['name'])
  const updated = translatedTemplate(t, 'library.feed.updated', ['date'])
  return (
    <ul className="grid gap-3 md:grid-cols-2" aria-label={t('library.feed.listLabel')}>
      {items.map((pkg) => (
        <li key={pkg.id} className="flex flex-col gap-2 rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200">
          <div className="flex flex-wrap items-center gap-2">
            <AppLink to={libraryPaths.view(pkg.id)} className="text-lg font-semibold text-brand-700 underline-offset-2 hover:underline">
              {pkg.name}
            </AppLink>
            <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-700">{accessLabel[pkg.access]}</span>
            {pkg.status === 'draft' ? (
              <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-900">{draft}</span>
            ) : null}
          </div>
          {pkg.description ? <p className="line-clamp-2 text-sm text-slate-700">{pkg.description}</p> : null}
          {pkg.tags.length ? (
            <ul className="flex flex-wrap gap-1" aria-label={tagsLabel}>
              {pkg.tags.map((tag) => (
                <li key={tag}>
                  <AppLink
                    to={`${libraryPaths.feed}?tag=${encodeURIComponent(tag)}`}
                    className="rounded-full bg-brand-50 px-2 py-0.5 text-xs font-medium text-brand-800 hover:underline"
                  >
                    #{tag}
                  </AppLink>
                </li>
              ))}
            </ul>
          ) : null}
          <p className="text-sm text-slate-600">
            {languageLabel[pkg.language]} · {counts({ roles: pkg.roleCount, tasks: pkg.entityCount })}
          </p>
          <p className="text-sm text-slate-600">
            {pkg.access === 'owner' ? null : <>{ownedBy({ name: pkg.owner.name })} · </>}
            {updated({ date: date(pkg.updatedAt) })}
          </p>
        </li>
      ))}
    </ul>
  )
}
