import type { SubmissionResult } from '@conform-to/react'
import { Form } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { Field } from '~/ui/field'
import type { PrefsConstraint } from '../constraints.server'
import { usePrefsForm } from '../prefs-form'
import { FormErrors, PrefsSection, SaveButton } from '../prefs-section'

/** A new password signs out every other session of the user. */
export function PasswordForm({ constraint, lastResult }: { constraint: PrefsConstraint; lastResult?: SubmissionResult<string[]> }) {
  const { t } = useTranslation()
  const form = usePrefsForm('prefs-password', lastResult, constraint)
  return (
    <PrefsSection id="prefs-password" title={t('profile.account.password.title')} intro={<p>{t('profile.account.password.intro')}</p>}>
      <Form key={form.key} method="post" {...form.formProps} className="flex flex-col gap-3">
        <input type="hidden" name="intent" value="password" />
        <FormErrors id={form.errorId} errors={form.formErrors} />
        <Field
          label={t('profile.account.password.current')}
          errors={form.errors('currentPassword')}
          inputProps={{ ...form.field('currentPassword'), type: 'password', autoComplete: 'current-password' }}
        />
        <Field
          label={t('profile.account.password.new')}
          errors={form.errors('newPassword')}
          hint={t('profile.account.password.hint')}
          inputProps={{ ...form.field('newPassword'), type: 'password', autoComplete: 'new-password' }}
        />
        <Field
          label={t('profile.account.password.confirm')}
          errors={form.errors('confirmPassword')}
          inputProps={{ ...form.field('confirmPassword'), type: 'password', autoComplete: 'new-password' }}
        />
        <SaveButton intent="password">{t('profile.account.password.save')}</SaveButton>
      </Form>
    </PrefsSection>
  )
}
