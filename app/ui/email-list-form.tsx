import type { SubmissionResult } from '@conform-to/react'
import { Form } from '@remix-run/react'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from './button'
import { FieldErrors, inputClass } from './field'
import { serverForm, useAnswerKey } from './server-form'
import { useIntentPending } from './use-intent-pending'

/**
 * A form of email addresses in one text area (`emails`), posted with its `intent`: "Add people
 * by email" on the members page and "Add group creators" on the group creators page. `keys` name
 * its messages (title, label, hint, submit); `children` follow the button (a result list).
 * Validated on the server only (as ADR 018): the action answers with conform's reply, whose errors
 * and addresses it shows again, the text area focused; no zod or conform in the browser.
 */
export function EmailListForm({
  id,
  intent,
  keys,
  heading: Heading,
  rows,
  className = '',
  lastResult,
  children,
}: {
  id: string
  intent: string
  keys: { title: string; label: string; hint: string; submit: string }
  heading: 'h2' | 'h3'
  rows: number
  className?: string
  lastResult?: SubmissionResult<string[]> | null
  children?: ReactNode
}) {
  const { t } = useTranslation()
  const form = serverForm(lastResult)
  const errors = form.errors('emails')
  const answerKey = useAnswerKey(lastResult)
  const busy = useIntentPending(intent)
  const fieldId = `${id}-emails`
  const hintId = `${fieldId}-hint`
  const errorId = `${fieldId}-error`
  return (
    <Form
      method="post"
      noValidate
      className={`rounded-md bg-slate-50 p-4 ring-1 ring-slate-200 ${className}`}
      aria-labelledby={`${id}-title`}
    >
      <Heading id={`${id}-title`} className="mb-2 font-semibold">
        {t(keys.title)}
      </Heading>
      <input type="hidden" name="intent" value={intent} />
      <label htmlFor={fieldId} className="mb-1 block text-sm font-medium text-slate-800">
        {t(keys.label)}
      </label>
      {/* Mounted anew for each answer: it shows the addresses sent and takes the focus when they were refused. */}
      <textarea
        key={answerKey}
        id={fieldId}
        name="emails"
        defaultValue={form.value('emails')}
        rows={rows}
        autoComplete="off"
        autoFocus={errors?.length ? true : undefined}
        aria-invalid={errors?.length ? true : undefined}
        aria-describedby={[hintId, errors?.length ? errorId : null].filter(Boolean).join(' ')}
        className={inputClass}
      />
      <p id={hintId} className="mt-1 text-sm text-slate-600">
        {t(keys.hint)}
      </p>
      <FieldErrors id={errorId} errors={errors} />
      <Button type="submit" className="mt-3" pending={busy}>
        {t(keys.submit)}
      </Button>
      {children}
    </Form>
  )
}
