import type { SubmissionResult } from '@conform-to/react'
import { Form } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { Field } from '~/ui/field'
import type { PrefsConstraint } from '../constraints.server'
import { usePrefsForm } from '../prefs-form'
import { FormErrors, PrefsSection, SaveButton } from '../prefs-section'

export function NameForm({
  name,
  constraint,
  lastResult,
}: {
  name: string
  constraint: PrefsConstraint
  lastResult?: SubmissionResult<string[]>
}) {
  const { t } = useTranslation()
  const form = usePrefsForm('prefs-name', lastResult, constraint, { name })
  return (
    <PrefsSection id="prefs-name" title={t('profile.account.name.title')}>
      <Form key={form.key} method="post" {...form.formProps} className="flex flex-col gap-3">
        <input type="hidden" name="intent" value="name" />
        <FormErrors id={form.errorId} errors={form.formErrors} />
        <Field
          label={t('profile.account.name.label')}
          errors={form.errors('name')}
          inputProps={{ ...form.field('name'), type: 'text', autoComplete: 'name' }}
        />
        <SaveButton intent="name">{t('profile.account.name.save')}</SaveButton>
      </Form>
    </PrefsSection>
  )
}
