import { getFormProps, getInputProps, getSelectProps, type SubmissionResult } from '@conform-to/react'
import { Form } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { AUTO_SIGNOUT_CHOICES_MINUTES, AutoSignoutFormSchema } from '~/services/profile.schemas'
import { SelectField } from '~/ui/field'
import { usePrefsForm } from '../prefs-form'
import { FormErrors, PrefsSection, SaveButton } from '../prefs-section'

/** Automatic sign-out after a time without activity (the idle dialog warns a minute before). */
export function AutoSignoutForm({
  autoSignout,
  lastResult,
}: {
  autoSignout: { isActive: boolean; timeoutSeconds: number }
  lastResult?: SubmissionResult<string[]>
}) {
  const { t } = useTranslation()
  const minutes = Math.round(autoSignout.timeoutSeconds / 60)
  const choices = AUTO_SIGNOUT_CHOICES_MINUTES.includes(minutes as never) ? [...AUTO_SIGNOUT_CHOICES_MINUTES] : [...AUTO_SIGNOUT_CHOICES_MINUTES, minutes].sort((a, b) => a - b)
  const [form, fields] = usePrefsForm('prefs-auto-signout', AutoSignoutFormSchema, lastResult, {
    isActive: autoSignout.isActive ? 'on' : undefined,
    timeoutMinutes: String(minutes),
  })
  const label = (m: number) => (m % 60 === 0 ? t('profile.account.autoSignout.hours', { count: m / 60 }) : t('profile.account.autoSignout.minutes', { count: m }))
  return (
    <PrefsSection id="prefs-auto-signout" title={t('profile.account.autoSignout.title')} intro={<p>{t('profile.account.autoSignout.intro')}</p>}>
      <Form method="post" {...getFormProps(form)} className="flex flex-col gap-3">
        <input type="hidden" name="intent" value="auto-signout" />
        <FormErrors id={form.errorId} errors={form.errors} />
        <div className="flex items-center gap-2">
          <input {...getInputProps(fields.isActive, { type: 'checkbox' })} className="size-4" />
          <label htmlFor={fields.isActive.id}>{t('profile.account.autoSignout.active')}</label>
        </div>
        <SelectField label={t('profile.account.autoSignout.after')} errors={fields.timeoutMinutes.errors} selectProps={getSelectProps(fields.timeoutMinutes)}>
          {choices.map((m) => (
            <option key={m} value={m}>
              {label(m)}
            </option>
          ))}
        </SelectField>
        <SaveButton intent="auto-signout">{t('profile.account.autoSignout.save')}</SaveButton>
      </Form>
    </PrefsSection>
  )
}
