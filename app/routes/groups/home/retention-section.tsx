import type { SubmissionResult } from '@conform-to/react'
import { Form } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import type { Retention } from '~/services/group-work/retention.server'
import { Button } from '~/ui/button'
import { FieldErrors, inputClass, SelectField } from '~/ui/field'
import { useFormatters } from '~/ui/format'
import { RetentionNote } from '~/ui/group-work/retention-note'
import { Section } from '~/ui/section'
import { serverForm, useAnswerKey } from '~/ui/server-form'
import { useIntentPendingFor } from '~/ui/use-intent-pending'
import { RETENTION_MONTHS, RETENTION_PURPOSE_MAX, RETENTION_SUGGESTIONS } from '~/utils/retention-rules'

/**
 * The group's retention on its overview: for every member how long loops are kept and why; for
 * the owner and the organization's admins also what is queued for removal and the form to change
 * it (the period, up to the organization's maximum, and the purpose: a suggestion or their own
 * text). Validated on the server only, as the group settings are; works without JavaScript.
 */
export function RetentionSection({ retention, lastResult }: { retention: Retention; lastResult?: SubmissionResult<string[]> }) {
  const { t } = useTranslation()
  const { date } = useFormatters()
  const form = serverForm(lastResult)
  const answerKey = useAnswerKey(lastResult)
  const pending = useIntentPendingFor()
  const choice = form.value('suggestion', 'own')
  return (
    <Section
      titleId="retention-title"
      title={t('retention.title')}
      className="max-w-3xl rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200"
    >
      <RetentionNote months={retention.months} purpose={retention.purpose} />
      {retention.queued ? (
        <p className="mt-3 rounded-md bg-amber-50 p-2 text-sm text-amber-900 ring-1 ring-amber-200">
          {retention.queued.count > 0
            ? t('retention.queued', { count: retention.queued.count, day: date(`${retention.queued.byDay}T12:00:00Z`) })
            : t('retention.queuedNone')}
        </p>
      ) : null}
      {retention.canChange ? (
        <Form key={answerKey} id="retention-form" method="post" noValidate className="mt-4 space-y-4">
          <input type="hidden" name="intent" value="retention" />
          <div className="max-w-xs">
            <SelectField
              label={t('retention.months')}
              errors={form.errors('months')}
              selectProps={{ id: 'retention-months', name: 'months', defaultValue: form.value('months', String(retention.months)) }}
            >
              {RETENTION_MONTHS.filter((m) => m <= retention.maxMonths).map((m) => (
                <option key={m} value={m}>
                  {t('retention.monthsOption', { count: m })}
                </option>
              ))}
            </SelectField>
            {retention.maxMonths < 24 ? (
              <p className="mt-1 text-sm text-slate-600">{t('retention.maxHint', { count: retention.maxMonths })}</p>
            ) : null}
          </div>
          <fieldset aria-describedby={form.errors('purpose') ? 'retention-purpose-error' : undefined}>
            <legend className="mb-1 text-sm font-medium text-slate-800">{t('retention.purpose')}</legend>
            <p className="mb-2 text-sm text-slate-600">{t('retention.purposeHint')}</p>
            <div className="space-y-2">
              {RETENTION_SUGGESTIONS.map((key) => (
                <label key={key} className="flex items-start gap-2 text-sm">
                  <input type="radio" name="suggestion" value={key} defaultChecked={choice === key} className="mt-1" />
                  <span>{t(`retention.suggestions.${key}`)}</span>
                </label>
              ))}
              <label className="flex items-start gap-2 text-sm">
                <input type="radio" name="suggestion" value="own" defaultChecked={choice === 'own'} className="mt-1" />
                <span>{t('retention.own')}</span>
              </label>
            </div>
            <label htmlFor="retention-purpose" className="mt-2 block text-sm font-medium text-slate-800">
              {t('retention.ownText')}
            </label>
            <textarea
              id="retention-purpose"
              name="purpose"
              rows={3}
              maxLength={RETENTION_PURPOSE_MAX}
              defaultValue={form.value('purpose', retention.purpose)}
              aria-invalid={form.errors('purpose') ? true : undefined}
              aria-describedby={form.errors('purpose') ? 'retention-purpose-error' : undefined}
              autoFocus={form.errors('purpose') ? true : undefined}
              className={inputClass}
            />
            <FieldErrors id="retention-purpose-error" errors={form.errors('purpose')} />
          </fieldset>
          <Button type="submit" variant="secondary" pending={pending('retention')}>
            {t('retention.save')}
          </Button>
        </Form>
      ) : null}
    </Section>
  )
}
