import { getFormProps, getInputProps, type SubmissionResult } from '@conform-to/react'
import { Form } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { NameFormSchema } from '~/services/profile.schemas'
import { Field } from '~/ui/field'
import { usePrefsForm } from '../prefs-form'
import { FormErrors, PrefsSection, SaveButton } from '../prefs-section'

export function NameForm({ name, lastResult }: { name: string; lastResult?: SubmissionResult<string[]> }) {
  const { t } = useTranslation()
  const [form, fields] = usePrefsForm('prefs-name', NameFormSchema, lastResult, { name })
  return (
    <PrefsSection id="prefs-name" title={t('profile.account.name.title')}>
      <Form method="post" {...getFormProps(form)} className="flex flex-col gap-3">
        <input type="hidden" name="intent" value="name" />
        <FormErrors id={form.errorId} errors={form.errors} />
        <Field label={t('profile.account.name.label')} errors={fields.name.errors} inputProps={{ ...getInputProps(fields.name, { type: 'text' }), autoComplete: 'name' }} />
        <SaveButton intent="name">{t('profile.account.name.save')}</SaveButton>
      </Form>
    </PrefsSection>
  )
}
