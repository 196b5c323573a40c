import type { SubmissionResult } from '@conform-to/react'
import { Form } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { Field } from '~/ui/field'
import type { PrefsConstraint } from '../constraints.server'
import { usePrefsForm } from '../prefs-form'
import { FormErrors, PrefsSection, SaveButton } from '../prefs-section'

/** The new address gets a link; the change happens when it is followed (the old address is told). */
export function EmailForm({
  email,
  pendingEmail,
  constraint,
  lastResult,
}: {
  email: string
  pendingEmail: string | null
  constraint: PrefsConstraint
  lastResult?: SubmissionResult<string[]>
}) {
  const { t } = useTranslation()
  const form = usePrefsForm('prefs-email', lastResult, constraint)
  return (
    <PrefsSection
      id="prefs-email"
      title={t('profile.account.email.title')}
      intro={
        <>
          <p>{t('profile.account.email.current', { email })}</p>
          <p>{t('profile.account.email.intro')}</p>
          {pendingEmail ? (
            <p className="mt-1 font-medium text-slate-800">{t('profile.account.email.pending', { email: pendingEmail })}</p>
          ) : null}
        </>
      }
    >
      <Form key={form.key} method="post" {...form.formProps} className="flex flex-col gap-3">
        <input type="hidden" name="intent" value="email" />
        <FormErrors id={form.errorId} errors={form.formErrors} />
        <Field
          label={t('profile.account.email.label')}
          errors={form.errors('email')}
          inputProps={{ ...form.field('email'), type: 'email', autoComplete: 'email' }}
        />
        <Field
          label={t('profile.account.email.password')}
          errors={form.errors('password')}
          inputProps={{ ...form.field('password'), type: 'password', autoComplete: 'current-password' }}
        />
        <SaveButton intent="email">{t('profile.account.email.save')}</SaveButton>
      </Form>
    </PrefsSection>
  )
}
