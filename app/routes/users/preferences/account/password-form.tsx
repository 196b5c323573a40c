import { getFormProps, getInputProps, type SubmissionResult } from '@conform-to/react'
import { Form } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { PasswordChangeSchema } from '~/services/profile.schemas'
import { Field } from '~/ui/field'
import { usePrefsForm } from '../prefs-form'
import { FormErrors, PrefsSection, SaveButton } from '../prefs-section'

/** A new password signs out every other session of the user. */
export function PasswordForm({ lastResult }: { lastResult?: SubmissionResult<string[]> }) {
  const { t } = useTranslation()
  const [form, fields] = usePrefsForm('prefs-password', PasswordChangeSchema, lastResult)
  return (
    <PrefsSection id="prefs-password" title={t('profile.account.password.title')} intro={<p>{t('profile.account.password.intro')}</p>}>
      <Form method="post" {...getFormProps(form)} className="flex flex-col gap-3">
        <input type="hidden" name="intent" value="password" />
        <FormErrors id={form.errorId} errors={form.errors} />
        <Field
          label={t('profile.account.password.current')}
          errors={fields.currentPassword.errors}
          inputProps={{ ...getInputProps(fields.currentPassword, { type: 'password' }), autoComplete: 'current-password' }}
        />
        <Field
          label={t('profile.account.password.new')}
          errors={fields.newPassword.errors}
          hint={t('profile.account.password.hint')}
          inputProps={{ ...getInputProps(fields.newPassword, { type: 'password' }), autoComplete: 'new-password' }}
        />
        <Field
          label={t('profile.account.password.confirm')}
          errors={fields.confirmPassword.errors}
          inputProps={{ ...getInputProps(fields.confirmPassword, { type: 'password' }), autoComplete: 'new-password' }}
        />
        <SaveButton intent="password">{t('profile.account.password.save')}</SaveButton>
      </Form>
    </PrefsSection>
  )
}
