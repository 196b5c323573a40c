import { Form, useLocation, useSubmit } from '@remix-run/react'
import { useEffect, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import type { AuditLogQuery, AuditActorOption } from '~/services/audit-log.server'
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
 * works without JavaScript (the Filter button); with it, a changed list or date submits the form.
 */
export function AuditFilters({ query, actors }: { query: Filters; actors: AuditActorOption[] }) {
  // The form is drawn again for new filters (so "Clear filters" and back show them): the field
  // that submitted it keeps the focus.
  return <FiltersForm key={[query.action, query.actor, query.from, query.to].join('|')} query={query} actors={actors} />
}

let focusAfterSubmit: string | null = null

function FiltersForm({ query, actors }: { query: Filters; actors: AuditActorOption[] }) {
  const form = useRef<HTMLFormElement>(null)
  useEffect(() => {
    if (focusAfterSubmit) form.current?.querySelector<HTMLElement>(`#${focusAfterSubmit}`)?.focus()
    focusAfterSubmit = null
  }, [])
  const { t } = useTranslation()
  const location = useLocation()
  const submit = useSubmit()
  const loading = useListLoading()
  const filtered = Boolean(query.action || query.actor || query.from || query.to)
  return (
    <Form
      ref={form}
      method="get"
      role="search"
      aria-label={t('orgAudit.filters.legend')}
      className="mb-4 grid grid-cols-1 items-end gap-3 sm:grid-cols-2 lg:grid-cols-[repeat(4,minmax(0,1fr))_auto_auto]"
      onChange={(event) => {
        // A list submits at once; a date when it is left (typing one passes through other dates).
        if (!(event.target instanceof HTMLSelectElement)) return
        focusAfterSubmit = event.target.id
        submit(event.currentTarget, { preventScrollReset: true })
      }}
      onBlur={(event) => {
        const field = event.target
        if (field instanceof HTMLInputElement && field.type === 'date' && field.value !== field.defaultValue) {
          focusAfterSubmit = (event.relatedTarget as HTMLElement | null)?.id || null
          submit(event.currentTarget, { preventScrollReset: true })
        }
      }}
    >
      <SelectField label={t('orgAudit.filters.action')} selectProps={{ id: 'audit-action', name: 'action', defaultValue: query.action }}>
        <option value="">{t('orgAudit.filters.anyAction')}</option>
        {AUDIT_ACTION_KINDS.map((kind) => (
          <option key={kind} value={kind}>
            {actionText(t, kind)}
          </option>
        ))}
      </SelectField>
      <SelectField label={t('orgAudit.filters.actor')} selectProps={{ id: 'audit-actor', name: 'actor', defaultValue: query.actor }}>
        <option value="">{t('orgAudit.filters.anyActor')}</option>
        {actors.map((a) => (
          <option key={a.value} value={a.value}>
            {actorText(t, { actorName: a.name, byDirectory: a.byDirectory })}
          </option>
        ))}
      </SelectField>
      <Field label={t('orgAudit.filters.from')} inputProps={{ id: 'audit-from', name: 'from', type: 'date', defaultValue: query.from }} />
      <Field label={t('orgAudit.filters.to')} inputProps={{ id: 'audit-to', name: 'to', type: 'date', defaultValue: query.to }} />
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
