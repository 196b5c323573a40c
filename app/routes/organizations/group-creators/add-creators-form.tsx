import { getFormProps, getTextareaProps, useForm, type SubmissionResult } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod'
import { Form } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { AddCreatorsByEmailSchema } from '~/services/invitations/invitations.schemas'
import { Button } from '~/ui/button'
import { FieldErrors, inputClass } from '~/ui/field'
import { useIntentPending } from '~/ui/use-intent-pending'

// Worked out once: the browser's checks of the form's fields (required, lengths, ...).
const addCreatorsByEmailConstraint = getZodConstraint(AddCreatorsByEmailSchema)

/** Members made group creators by their email addresses. */
export function AddCreatorsForm({ lastResult }: { lastResult?: SubmissionResult<string[]> }) {
  const { t } = useTranslation()
  const [form, fields] = useForm({
    id: 'add-creators',
    lastResult,
    constraint: addCreatorsByEmailConstraint,
    shouldValidate: 'onSubmit',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: AddCreatorsByEmailSchema }),
  })
  const busy = useIntentPending('addCreators')
  const { key, ...textareaProps } = getTextareaProps(fields.emails)
  const hintId = `${fields.emails.id}-hint`
  const errorId = `${fields.emails.id}-error`
  return (
    <Form
      method="post"
      {...getFormProps(form)}
      className="max-w-xl rounded-md bg-slate-50 p-4 ring-1 ring-slate-200"
      aria-labelledby="add-creators-title"
    >
      <h3 id="add-creators-title" className="mb-2 font-semibold">
        {t('groupCreators.add.title')}
      </h3>
      <input type="hidden" name="intent" value="addCreators" />
      <label htmlFor={fields.emails.id} className="mb-1 block text-sm font-medium text-slate-800">
        {t('groupCreators.add.label')}
      </label>
      <textarea
        key={key}
        {...textareaProps}
        rows={3}
        autoComplete="off"
        aria-invalid={fields.emails.errors?.length ? true : undefined}
        aria-describedby={[hintId, fields.emails.errors?.length ? errorId : null].filter(Boolean).join(' ')}
        className={inputClass}
      />
      <p id={hintId} className="mt-1 text-sm text-slate-600">
        {t('groupCreators.add.hint')}
      </p>
      <FieldErrors id={errorId} errors={fields.emails.errors} />
      <Button type="submit" className="mt-3" pending={busy}>
        {t('groupCreators.add.submit')}
      </Button>
    </Form>
  )
}
