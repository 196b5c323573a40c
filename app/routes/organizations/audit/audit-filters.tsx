import { Form, useLocation, useSubmit } from '@remix-run/react'
import { useEffect, useState, type ChangeEvent } from 'react'
import { useTranslation } from 'react-i18next'
import type { AuditActorOption, AuditLogQuery } from '~/services/organizations/audit-log.server'
import { AUDIT_ACTION_KINDS } from '~/services/audit-actions'
import { actionText, actorText } from '~/ui/audit-entry'
import { AppLink } from '~/ui/app-link'
import { Button } from '~/ui/button'
import { Field, SelectField } from '~/ui/field'
import { useListLoading } from '~/ui/list-controls'

/** The filters as the page has them from the URL (AuditLogQuery). */
type Filters = Record<keyof Pick<AuditLogQuery, 'action' | 'actor' | 'from' | 'to'>, string>

/**
 * The log's filters: one GET form, so the URL holds them and links, back and the CSV follow. It
 * works without JavaScript (the Filter button); with it, choosing an action or a person submits
 * the form at once (a date waits for the button: typing one passes through other dates). The
 * fields follow the URL, so "Clear filters" and back show what is filtered.
 */
export function AuditFilters({ query, actors }: { query: Filters; actors: AuditActorOption[] }) {
  const { t } = useTranslation()
  const location = useLocation()
  const submit = useSubmit()
  const loading = useListLoading()
  const [values, setValues] = useState(query)
  const { action, actor, from, to } = query
  useEffect(() => setValues({ action, actor, from, to }), [action, actor, from, to])
  const filtered = Boolean(action || actor || from || to)
  const change = (event: ChangeEvent<HTMLSelectElement | HTMLInputElement>) => {
    const { name, value } = event.currentTarget
    setValues((v) => ({ ...v, [name]: value }))
    if (event.currentTarget instanceof HTMLSelectElement && event.currentTarget.form) {
      submit(event.currentTarget.form, { preventScrollReset: true })
    }
  }
  return (
    <Form
      method="get"
      role="search"
      aria-label={t('orgAudit.filters.legend')}
      className="mb-4 grid grid-cols-1 items-end gap-3 sm:grid-cols-2 lg:grid-cols-[repeat(4,minmax(0,1fr))_auto_auto]"
    >
      <SelectField
        label={t('orgAudit.filters.action')}
        selectProps={{ id: 'audit-action', name: 'action', value: values.action, onChange: change }}
      >
        <option value="">{t('orgAudit.filters.anyAction')}</option>
        {AUDIT_ACTION_KINDS.map((kind) => (
          <option key={kind} value={kind}>
            {actionText(t, kind)}
          </option>
        ))}
      </SelectField>
      <SelectField
        label={t('orgAudit.filters.actor')}
        selectProps={{ id: 'audit-actor', name: 'actor', value: values.actor, onChange: change }}
      >
        <option value="">{t('orgAudit.filters.anyActor')}</option>
        {actors.map((a) => (
          <option key={a.value} value={a.value}>
            {actorText(t, { actorName: a.name, byDirectory: a.byDirectory })}
          </option>
        ))}
      </SelectField>
      <Field
        label={t('orgAudit.filters.from')}
        inputProps={{ id: 'audit-from', name: 'from', type: 'date', value: values.from, onChange: change }}
      />
      <Field
        label={t('orgAudit.filters.to')}
        inputProps={{ id: 'audit-to', name: 'to', type: 'date', value: values.to, onChange: change }}
      />
      <Button type="submit" variant="secondary" pending={loading}>
        {t('orgAudit.filters.apply')}
      </Button>
      {filtered ? (
        <AppLink to={location.pathname} className="py-2 text-sm text-brand-700 underline">
          {t('orgAudit.filters.clear')}
        </AppLink>
      ) : null}
    </Form>
  )
}
