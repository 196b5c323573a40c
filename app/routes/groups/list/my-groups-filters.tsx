import { Form, useLocation } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { AppLink } from '~/ui/app-link'
import { Button } from '~/ui/button'
import { inputClass, SelectField } from '~/ui/field'
import { useListLoading } from '~/ui/list-controls'
import { STATUS_FILTERS, type StatusFilter } from './list-filters'

/** Search and filters: one GET form, so the URL holds them and links and back work. */
export function MyGroupsFilters({
  q,
  status,
  organization,
  organizations,
}: {
  q: string
  status: StatusFilter
  organization: string
  organizations: { _id: string; name: string }[]
}) {
  const { t } = useTranslation()
  const location = useLocation()
  const params = new URLSearchParams(location.search)
  const loading = useListLoading()
  const filtered = Boolean(q || organization || status !== 'all')
  return (
    <Form method="get" role="search" aria-label={t('myGroups.filter.label')} className="mb-4 flex flex-wrap items-end gap-3">
      {['sort', 'dir'].map((k) => (params.get(k) ? <input key={k} type="hidden" name={k} value={params.get(k)!} /> : null))}
      <div className="min-w-[14rem] flex-1">
        <label htmlFor="my-groups-search" className="mb-1 block text-sm font-medium">
          {t('myGroups.search')}
        </label>
        <input id="my-groups-search" type="search" name="q" defaultValue={q} className={inputClass} />
      </div>
      {organizations.length > 1 ? (
        <div>
          <SelectField
            label={t('myGroups.filter.organization')}
            selectProps={{ id: 'my-groups-organization', name: 'organization', defaultValue: organization }}
          >
            <option value="">{t('myGroups.filter.allOrganizations')}</option>
            {organizations.map((o) => (
              <option key={o._id} value={o._id}>
                {o.name}
              </option>
            ))}
          </SelectField>
        </div>
      ) : null}
      <div>
        <SelectField label={t('myGroups.filter.status')} selectProps={{ id: 'my-groups-status', name: 'status', defaultValue: status }}>
          {STATUS_FILTERS.map((s) => (
            <option key={s} value={s}>
              {t(`myGroups.filter.${s}`)}
            </option>
          ))}
        </SelectField>
      </div>
      <Button type="submit" variant="secondary" pending={loading}>
        {t('myGroups.filter.apply')}
      </Button>
      {filtered ? (
        <AppLink to={location.pathname} className="py-2 text-sm text-brand-700 underline">
          {t('myGroups.filter.clear')}
        </AppLink>
      ) : null}
    </Form>
  )
}
