import type { SubmissionResult } from '@conform-to/react'
import { Form } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { Button } from '~/ui/button'
import { SelectField } from '~/ui/field'
import { sectionClass } from '~/ui/section'
import { serverForm, useAnswerKey } from '~/ui/server-form'
import { useIntentPending } from '~/ui/use-intent-pending'
import { RETENTION_MONTHS } from '~/utils/retention-rules'

/**
 * The organization's retention policy (docs/group-work.md "Retention"): the period new groups
 * start with and the longest a group may keep loops. Two selects and a save button, validated on
 * the server; the same with and without JavaScript.
 */
export function RetentionPolicySection({
  defaultMonths,
  maxMonths,
  lastResult,
}: {
  defaultMonths: number
  maxMonths: number
  lastResult?: SubmissionResult<string[]>
}) {
  const { t } = useTranslation()
  const pending = useIntentPending('retentionPolicy')
  const form = serverForm(lastResult)
  const answerKey = useAnswerKey(lastResult)
  const options = RETENTION_MONTHS.map((m) => (
    <option key={m} value={m}>
      {t('orgHome.retention.option', { count: m })}
    </option>
  ))
  return (
    <section aria-labelledby="org-retention-title" className={sectionClass} id="retention-policy">
      <h2 id="org-retention-title" className="mb-1 text-lg font-semibold">
        {t('orgHome.retention.title')}
      </h2>
      <p className="mb-3 text-sm text-slate-700">{t('orgHome.retention.intro')}</p>
      <Form key={answerKey} method="post" className="flex flex-wrap items-end gap-3">
        <input type="hidden" name="intent" value="retentionPolicy" />
        <SelectField
          label={t('orgHome.retention.default')}
          errors={form.errors('defaultMonths')}
          selectProps={{
            id: 'org-retention-default',
            name: 'defaultMonths',
            defaultValue: form.value('defaultMonths', String(defaultMonths)),
          }}
        >
          {options}
        </SelectField>
        <SelectField
          label={t('orgHome.retention.max')}
          errors={form.errors('maxMonths')}
          selectProps={{ id: 'org-retention-max', name: 'maxMonths', defaultValue: form.value('maxMonths', String(maxMonths)) }}
        >
          {options}
        </SelectField>
        <Button type="submit" pending={pending}>
          {t('orgHome.retention.save')}
        </Button>
      </Form>
    </section>
  )
}
