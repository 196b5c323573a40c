import { Form, useLocation } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { AppLink } from '~/ui/app-link'
import type { GroupKind } from '~/db/schema'
import { GROUP_KINDS } from '~/services/groups/groups.constants'
import { Button } from '~/ui/button'
import { inputClass, SelectField } from '~/ui/field'
import { useListLoading } from '~/ui/list-controls'
import { STATUS_FILTERS, type StatusFilter } from './list-filters'

/** Search and filters: one GET form, so the URL holds them and links and back work. */
export function GroupsFilters({ q, status, kind }: { q: string; status: StatusFilter; kind: GroupKind | '' }) {
  const { t } = useTranslation()
  const location = useLocation()
  const params = new URLSearchParams(location.search)
  const loading = useListLoading()
  const filtered = Boolean(q || kind || status !== 'all')
  return (
    <Form method="get" role="search" aria-label={t('groups.filter.label')} className="mb-4 flex flex-wrap items-end gap-3">
      {['sort', 'dir'].map((k) => (params.get(k) ? <input key={k} type="hidden" name={k} value={params.get(k)!} /> : null))}
      <div className="min-w-[16rem] flex-1">
        <label htmlFor="groups-search" className="mb-1 block text-sm font-medium">
          {t('groups.search')}
        </label>
        <input id="groups-search" type="search" name="q" defaultValue={q} className={inputClass} />
      </div>
      <div>
        <SelectField label={t('groups.filter.status')} selectProps={{ id: 'groups-status', name: 'status', defaultValue: status }}>
          {STATUS_FILTERS.map((s) => (
            <option key={s} value={s}>
              {t(`groups.filter.${s}`)}
            </option>
          ))}
        </SelectField>
      </div>
      <div>
        <SelectField label={t('groups.filter.kind')} selectProps={{ id: 'groups-kind', name: 'kind', defaultValue: kind }}>
          <option value="">{t('groups.filter.all')}</option>
          {GROUP_KINDS.map((k) => (
            <option key={k} value={k}>
              {t(`groups.kind.${k}`)}
            </option>
          ))}
        </SelectField>
      </div>
      <Button type="submit" variant="secondary" pending={loading}>
        {t('groups.filter.apply')}
      </Button>
      {filtered ? (
        <AppLink to={location.pathname} className="py-2 text-sm text-brand-700 underline">
          {t('groups.filter.clear')}
        </AppLink>
      ) : null}
    </Form>
  )
}
