import type { SubmissionResult } from '@conform-to/react'
import { Form } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { usePrefsForm } from '../prefs-form'
import { FormErrors, PrefsSection, SaveButton } from '../prefs-section'

/** Whether the browser sends its performance figures and errors (docs/decisions/011-background-work.md). */
export function TelemetryForm({ share, lastResult }: { share: boolean; lastResult?: SubmissionResult<string[]> }) {
  const { t } = useTranslation()
  const form = usePrefsForm('prefs-telemetry', lastResult, {}, { share: share ? 'on' : undefined })
  const checkbox = form.checkbox('share')
  return (
    <PrefsSection id="prefs-telemetry" title={t('profile.account.telemetry.title')} intro={<p>{t('profile.account.telemetry.intro')}</p>}>
      <Form key={form.key} method="post" {...form.formProps} className="flex flex-col gap-3">
        <input type="hidden" name="intent" value="telemetry" />
        <FormErrors id={form.errorId} errors={form.formErrors} />
        <div className="flex items-center gap-2">
          <input {...checkbox} className="size-4" />
          <label htmlFor={checkbox.id}>{t('profile.account.telemetry.share')}</label>
        </div>
        <SaveButton intent="telemetry">{t('profile.account.telemetry.save')}</SaveButton>
      </Form>
    </PrefsSection>
  )
}
