import { getFormProps, getTextareaProps, useForm, type SubmissionResult } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod'
import { Form } from '@remix-run/react'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import type { z } from 'zod'
import { Button } from './button'
import { FieldErrors, inputClass } from './field'
import { useIntentPending } from './use-intent-pending'
import { zodConstraint } from './zod-constraint'

/**
 * A form of email addresses in one text area (`emails`), posted with its `intent`: "Add people
 * by email" on the members page and "Add group creators" on the group creators page. `keys` name
 * its messages (title, label, hint, submit); `children` follow the button (a result list).
 */
export function EmailListForm({
  id,
  intent,
  schema,
  keys,
  heading: Heading,
  rows,
  className = '',
  lastResult,
  children,
}: {
  id: string
  intent: string
  schema: z.ZodTypeAny
  keys: { title: string; label: string; hint: string; submit: string }
  heading: 'h2' | 'h3'
  rows: number
  className?: string
  lastResult?: SubmissionResult<string[]> | null
  children?: ReactNode
}) {
  const { t } = useTranslation()
  // Worked out once per schema: the browser's checks of the field (required, lengths, ...).
  const constraint = zodConstraint(schema)
  const [form, fields] = useForm({
    id,
    lastResult: lastResult ?? undefined,
    constraint,
    shouldValidate: 'onSubmit',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  })
  const busy = useIntentPending(intent)
  const { key, ...textareaProps } = getTextareaProps(fields.emails)
  const hintId = `${fields.emails.id}-hint`
  const errorId = `${fields.emails.id}-error`
  return (
    <Form
      method="post"
      {...getFormProps(form)}
      className={`rounded-md bg-slate-50 p-4 ring-1 ring-slate-200 ${className}`}
      aria-labelledby={`${id}-title`}
    >
      <Heading id={`${id}-title`} className="mb-2 font-semibold">
        {t(keys.title)}
      </Heading>
      <input type="hidden" name="intent" value={intent} />
      <label htmlFor={fields.emails.id} className="mb-1 block text-sm font-medium text-slate-800">
        {t(keys.label)}
      </label>
      <textarea
        key={key}
        {...textareaProps}
        rows={rows}
        autoComplete="off"
        aria-invalid={fields.emails.errors?.length ? true : undefined}
        aria-describedby={[hintId, fields.emails.errors?.length ? errorId : null].filter(Boolean).join(' ')}
        className={inputClass}
      />
      <p id={hintId} className="mt-1 text-sm text-slate-600">
        {t(keys.hint)}
      </p>
      <FieldErrors id={errorId} errors={fields.emails.errors} />
      <Button type="submit" className="mt-3" pending={busy}>
        {t(keys.submit)}
      </Button>
      {children}
    </Form>
  )
}
