import { getFormProps, getTextareaProps, useForm, type SubmissionResult } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod'
import { Form } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { AddMembersByEmailSchema } from '~/services/member-import/add-by-email.schemas'
import type { RowResult } from '~/services/member-import/apply.server'
import { Button } from '~/ui/button'
import { FieldErrors, inputClass } from '~/ui/field'
import { useIntentPending } from '~/ui/use-intent-pending'

const constraint = getZodConstraint(AddMembersByEmailSchema)

/** "Add people by email" on the members page, and the result per address of the last time. */
export function AddByEmailForm({ lastResult, results }: { lastResult?: SubmissionResult<string[]> | null; results?: RowResult[] | null }) {
  const { t } = useTranslation()
  const [form, fields] = useForm({
    id: 'add-by-email',
    lastResult: lastResult ?? undefined,
    constraint,
    shouldValidate: 'onSubmit',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: AddMembersByEmailSchema }),
  })
  const busy = useIntentPending('addByEmail')
  const { key, ...textareaProps } = getTextareaProps(fields.emails)
  const hintId = `${fields.emails.id}-hint`
  const errorId = `${fields.emails.id}-error`
  return (
    <Form
      method="post"
      {...getFormProps(form)}
      className="rounded-md bg-slate-50 p-4 ring-1 ring-slate-200"
      aria-labelledby="add-by-email-title"
    >
      <h2 id="add-by-email-title" className="mb-2 font-semibold">
        {t('orgAdd.title')}
      </h2>
      <input type="hidden" name="intent" value="addByEmail" />
      <label htmlFor={fields.emails.id} className="mb-1 block text-sm font-medium text-slate-800">
        {t('orgAdd.label')}
      </label>
      <textarea
        key={key}
        {...textareaProps}
        rows={2}
        autoComplete="off"
        aria-invalid={fields.emails.errors?.length ? true : undefined}
        aria-describedby={[hintId, fields.emails.errors?.length ? errorId : null].filter(Boolean).join(' ')}
        className={inputClass}
      />
      <p id={hintId} className="mt-1 text-sm text-slate-600">
        {t('orgAdd.hint')}
      </p>
      <FieldErrors id={errorId} errors={fields.emails.errors} />
      <Button type="submit" className="mt-3" pending={busy}>
        {t('orgAdd.submit')}
      </Button>
      {results?.length ? (
        <div role="status" className="mt-3 rounded-md bg-white p-3 text-sm ring-1 ring-slate-200">
          <h3 className="mb-1 font-semibold">{t('orgAdd.resultTitle')}</h3>
          <ul className="space-y-1" data-testid="add-by-email-results">
            {results.map((r) => (
              <li key={r.line} className={['ADDED', 'INVITED'].includes(r.result) ? '' : 'text-slate-700'}>
                <span className="break-all font-medium">{r.email}</span>: {t(`orgAdd.results.${r.result}`)}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </Form>
  )
}
