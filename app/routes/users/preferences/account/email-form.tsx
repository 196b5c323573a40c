import { getFormProps, getInputProps, type SubmissionResult } from '@conform-to/react'
import { Form } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { EmailFormSchema } from '~/services/profile.schemas'
import { Field } from '~/ui/field'
import { usePrefsForm } from '../prefs-form'
import { FormErrors, PrefsSection, SaveButton } from '../prefs-section'

/** The new address gets a link; the change happens when it is followed (the old address is told). */
export function EmailForm({ email, pendingEmail, lastResult }: { email: string; pendingEmail: string | null; lastResult?: SubmissionResult<string[]> }) {
  const { t } = useTranslation()
  const [form, fields] = usePrefsForm('prefs-email', EmailFormSchema, lastResult)
  return (
    <PrefsSection
      id="prefs-email"
      title={t('profile.account.email.title')}
      intro={
        <>
          <p>{t('profile.account.email.current', { email })}</p>
          <p>{t('profile.account.email.intro')}</p>
          {pendingEmail ? <p className="mt-1 font-medium text-slate-800">{t('profile.account.email.pending', { email: pendingEmail })}</p> : null}
        </>
      }
    >
      <Form method="post" {...getFormProps(form)} className="flex flex-col gap-3">
        <input type="hidden" name="intent" value="email" />
        <FormErrors id={form.errorId} errors={form.errors} />
        <Field label={t('profile.account.email.label')} errors={fields.email.errors} inputProps={{ ...getInputProps(fields.email, { type: 'email' }), autoComplete: 'email' }} />
        <Field
          label={t('profile.account.email.password')}
          errors={fields.password.errors}
          inputProps={{ ...getInputProps(fields.password, { type: 'password' }), autoComplete: 'current-password' }}
        />
        <SaveButton intent="email">{t('profile.account.email.save')}</SaveButton>
      </Form>
    </PrefsSection>
  )
}
