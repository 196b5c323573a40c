import { getFormProps, getInputProps, type SubmissionResult } from '@conform-to/react'
import { Form } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { TelemetryFormSchema } from '~/services/profile.schemas'
import { usePrefsForm } from '../prefs-form'
import { FormErrors, PrefsSection, SaveButton } from '../prefs-section'

/** Whether the browser sends its performance figures and errors (docs/decisions/011-background-work.md). */
export function TelemetryForm({ share, lastResult }: { share: boolean; lastResult?: SubmissionResult<string[]> }) {
  const { t } = useTranslation()
  const [form, fields] = usePrefsForm('prefs-telemetry', TelemetryFormSchema, lastResult, { share: share ? 'on' : undefined })
  return (
    <PrefsSection id="prefs-telemetry" title={t('profile.account.telemetry.title')} intro={<p>{t('profile.account.telemetry.intro')}</p>}>
      <Form method="post" {...getFormProps(form)} className="flex flex-col gap-3">
        <input type="hidden" name="intent" value="telemetry" />
        <FormErrors id={form.errorId} errors={form.errors} />
        <div className="flex items-center gap-2">
          <input {...getInputProps(fields.share, { type: 'checkbox' })} className="size-4" />
          <label htmlFor={fields.share.id}>{t('profile.account.telemetry.share')}</label>
        </div>
        <SaveButton intent="telemetry">{t('profile.account.telemetry.save')}</SaveButton>
      </Form>
    </PrefsSection>
  )
}
