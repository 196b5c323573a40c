import type { SubmissionResult } from '@conform-to/react'
import { Form } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { AUTO_SIGNOUT_CHOICES_MINUTES } from '~/services/profile/profile.constants'
import { SelectField } from '~/ui/field'
import type { PrefsConstraint } from '../constraints.server'
import { usePrefsForm } from '../prefs-form'
import { FormErrors, PrefsSection, SaveButton } from '../prefs-section'

/** Automatic sign-out after a time without activity (the idle dialog warns a minute before). */
export function AutoSignoutForm({
  autoSignout,
  constraint,
  lastResult,
}: {
  autoSignout: { isActive: boolean; timeoutSeconds: number }
  constraint: PrefsConstraint
  lastResult?: SubmissionResult<string[]>
}) {
  const { t } = useTranslation()
  const minutes = Math.round(autoSignout.timeoutSeconds / 60)
  const choices = AUTO_SIGNOUT_CHOICES_MINUTES.includes(minutes as never)
    ? [...AUTO_SIGNOUT_CHOICES_MINUTES]
    : [...AUTO_SIGNOUT_CHOICES_MINUTES, minutes].sort((a, b) => a - b)
  const form = usePrefsForm('prefs-auto-signout', lastResult, constraint, {
    isActive: autoSignout.isActive ? 'on' : undefined,
    timeoutMinutes: String(minutes),
  })
  const isActive = form.checkbox('isActive')
  const label = (m: number) =>
    m % 60 === 0 ? t('profile.account.autoSignout.hours', { count: m / 60 }) : t('profile.account.autoSignout.minutes', { count: m })
  return (
    <PrefsSection
      id="prefs-auto-signout"
      title={t('profile.account.autoSignout.title')}
      intro={<p>{t('profile.account.autoSignout.intro')}</p>}
    >
      <Form key={form.key} method="post" {...form.formProps} className="flex flex-col gap-3">
        <input type="hidden" name="intent" value="auto-signout" />
        <FormErrors id={form.errorId} errors={form.formErrors} />
        <div className="flex items-center gap-2">
          <input {...isActive} className="size-4" />
          <label htmlFor={isActive.id}>{t('profile.account.autoSignout.active')}</label>
        </div>
        <SelectField
          label={t('profile.account.autoSignout.after')}
          errors={form.errors('timeoutMinutes')}
          selectProps={form.select('timeoutMinutes')}
        >
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
