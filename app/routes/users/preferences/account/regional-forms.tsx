import type { SubmissionResult } from '@conform-to/react'
import { Form } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { LOCALES } from '~/i18n/config'
import { SelectField } from '~/ui/field'
import { useFormatters } from '~/ui/format'
import type { PrefsConstraint } from '../constraints.server'
import { usePrefsForm } from '../prefs-form'
import { FormErrors, PrefsSection, SaveButton } from '../prefs-section'

/** Language: a saved language other than the page's reloads the page in it (root.tsx). */
export function LanguageForm({
  locale,
  constraint,
  lastResult,
}: {
  locale: string
  constraint: PrefsConstraint
  lastResult?: SubmissionResult<string[]>
}) {
  const { t } = useTranslation()
  const form = usePrefsForm('prefs-language', lastResult, constraint, { locale })
  return (
    <PrefsSection id="prefs-language" title={t('profile.account.language.title')}>
      <Form key={form.key} method="post" {...form.formProps} className="flex flex-col gap-3">
        <input type="hidden" name="intent" value="language" />
        <FormErrors id={form.errorId} errors={form.formErrors} />
        <SelectField label={t('profile.account.language.label')} errors={form.errors('locale')} selectProps={form.select('locale')}>
          {LOCALES.map((l) => (
            <option key={l} value={l} lang={l}>
              {t(`profile.account.language.names.${l}`)}
            </option>
          ))}
        </SelectField>
        <SaveButton intent="language">{t('profile.account.language.save')}</SaveButton>
      </Form>
    </PrefsSection>
  )
}

/** Timezone: every date and time the product shows or exports is in it; the current time shows the effect. */
export function TimezoneForm({
  timezone,
  timezones,
  now,
  constraint,
  lastResult,
}: {
  timezone: string
  timezones: readonly string[]
  /** The time the page was made (the same text on the server and in the browser). */
  now: string
  constraint: PrefsConstraint
  lastResult?: SubmissionResult<string[]>
}) {
  const { t } = useTranslation()
  const { dateTime } = useFormatters()
  const form = usePrefsForm('prefs-timezone', lastResult, constraint, { timezone })
  return (
    <PrefsSection
      id="prefs-timezone"
      title={t('profile.account.timezone.title')}
      intro={<p data-testid="timezone-now">{t('profile.account.timezone.now', { time: dateTime(now) })}</p>}
    >
      <Form key={form.key} method="post" {...form.formProps} className="flex flex-col gap-3">
        <input type="hidden" name="intent" value="timezone" />
        <FormErrors id={form.errorId} errors={form.formErrors} />
        <SelectField label={t('profile.account.timezone.label')} errors={form.errors('timezone')} selectProps={form.select('timezone')}>
          {timezones.map((z) => (
            <option key={z} value={z}>
              {z.replaceAll('_', ' ')}
            </option>
          ))}
        </SelectField>
        <SaveButton intent="timezone">{t('profile.account.timezone.save')}</SaveButton>
      </Form>
    </PrefsSection>
  )
}
