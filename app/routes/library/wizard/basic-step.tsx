import { Form } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { Field, FieldErrors, inputClass, SelectField } from '~/ui/field'
import { DefaultSave, WIZARD_FORM_ID, WizardNav } from './wizard-nav'

export interface BasicsDraft {
  name: string
  description: string
  language: string
  /** Comma-separated, as typed. */
  tags: string
}

/** Step 1: name, description, language and tags of the package. */
export function BasicStep({
  values,
  version,
  errors,
  nextLabel,
}: {
  values: BasicsDraft
  version: number | null
  errors: Record<string, string[]>
  nextLabel: 'next' | 'finish'
}) {
  const { t } = useTranslation()
  return (
    <Form method="post" id={WIZARD_FORM_ID} className="flex max-w-2xl flex-col gap-4" aria-labelledby="wizard-step-title">
      <DefaultSave />
      <input type="hidden" name="intent" value="basics" />
      {version !== null ? <input type="hidden" name="version" value={version} /> : null}
      <Field
        label={t('library.wizard.basic.name')}
        errors={errors.name}
        inputProps={{ id: 'package-name', name: 'name', defaultValue: values.name, required: true, maxLength: 120, autoComplete: 'off' }}
      />
      <div>
        <label htmlFor="package-description" className="mb-1 block text-sm font-medium text-slate-800">
          {t('library.wizard.basic.description')}
        </label>
        <textarea
          id="package-description"
          name="description"
          rows={5}
          maxLength={5000}
          defaultValue={values.description}
          aria-invalid={errors.description ? true : undefined}
          aria-describedby={`package-description-hint${errors.description ? ' package-description-error' : ''}`}
          className={inputClass}
        />
        <p id="package-description-hint" className="mt-1 text-sm text-slate-600">
          {t('library.wizard.basic.descriptionHint')}
        </p>
        <FieldErrors id="package-description-error" errors={errors.description} />
      </div>
      <div className="max-w-xs">
        <SelectField
          label={t('library.wizard.basic.language')}
          errors={errors.language}
          selectProps={{ id: 'package-language', name: 'language', defaultValue: values.language || 'sv' }}
        >
          <option value="sv">{t('library.language.sv')}</option>
          <option value="en">{t('library.language.en')}</option>
        </SelectField>
      </div>
      <Field
        label={t('library.wizard.basic.tags')}
        errors={errors.tags}
        hint={t('library.wizard.basic.tagsHint')}
        inputProps={{ id: 'package-tags', name: 'tags', defaultValue: values.tags, autoComplete: 'off' }}
      />
      <WizardNav back={false} nextLabel={nextLabel} />
    </Form>
  )
}
