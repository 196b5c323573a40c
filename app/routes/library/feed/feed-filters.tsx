import { Form, useLocation } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { AppLink } from '~/ui/app-link'
import { Button } from '~/ui/button'
import { inputClass, SelectField } from '~/ui/field'
import { useListLoading } from '~/ui/list-controls'
import { FEED_SCOPES, FEED_SORTS, PACKAGE_LANGUAGES } from '~/services/library/packages.constants'
import type { FeedQuery } from '~/services/library/types'

/** Search, filters and sort of the feed: one GET form, so the URL holds them and links and back work. */
export function FeedFilters({ query }: { query: FeedQuery }) {
  const { t } = useTranslation()
  const location = useLocation()
  const loading = useListLoading()
  const filtered = Boolean(query.q || query.scope !== 'all' || query.language || query.tag)
  return (
    <Form method="get" role="search" aria-label={t('library.feed.filter.label')} className="mb-4 flex flex-wrap items-end gap-3">
      <div className="min-w-[14rem] flex-1">
        <label htmlFor="library-search" className="mb-1 block text-sm font-medium">
          {t('library.feed.search')}
        </label>
        <input id="library-search" type="search" name="q" defaultValue={query.q} className={inputClass} />
      </div>
      <div>
        <SelectField label={t('library.feed.filter.scope')} selectProps={{ id: 'library-scope', name: 'scope', defaultValue: query.scope }}>
          {FEED_SCOPES.map((s) => (
            <option key={s} value={s}>
              {t(`library.feed.filter.${s}`)}
            </option>
          ))}
        </SelectField>
      </div>
      <div>
        <SelectField
          label={t('library.feed.filter.language')}
          selectProps={{ id: 'library-language', name: 'language', defaultValue: query.language ?? '' }}
        >
          <option value="">{t('library.feed.filter.anyLanguage')}</option>
          {PACKAGE_LANGUAGES.map((l) => (
            <option key={l} value={l}>
              {t(`library.language.${l}`)}
            </option>
          ))}
        </SelectField>
      </div>
      <div className="w-36">
        <label htmlFor="library-tag" className="mb-1 block text-sm font-medium">
          {t('library.feed.filter.tag')}
        </label>
        <input id="library-tag" name="tag" defaultValue={query.tag ?? ''} maxLength={30} className={inputClass} />
      </div>
      <div>
        <SelectField label={t('library.feed.sort.label')} selectProps={{ id: 'library-sort', name: 'sort', defaultValue: query.sort }}>
          {FEED_SORTS.map((s) => (
            <option key={s} value={s}>
              {t(`library.feed.sort.${s}`)}
            </option>
          ))}
        </SelectField>
      </div>
      <div>
        <SelectField label={t('library.feed.dir.label')} selectProps={{ id: 'library-dir', name: 'dir', defaultValue: query.dir }}>
          {(['asc', 'desc'] as const).map((d) => (
            <option key={d} value={d}>
              {t(`library.feed.dir.${d}`)}
            </option>
          ))}
        </SelectField>
      </div>
      <Button type="submit" variant="secondary" pending={loading}>
        {t('library.feed.filter.apply')}
      </Button>
      {filtered ? (
        <AppLink to={location.pathname} className="py-2 text-sm text-brand-700 underline">
          {t('library.feed.filter.clear')}
        </AppLink>
      ) : null}
    </Form>
  )
}
