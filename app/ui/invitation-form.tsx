import type { SubmissionResult } from '@conform-to/react'
import { Form } from '@remix-run/react'
import { useState, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Alert } from './alert'
import { Button } from './button'
import { Field, FieldErrors } from './field'
import { serverForm, useAnswerKey } from './server-form'
import { useHydrated } from './use-hydrated'
import { useIntentPending } from './use-intent-pending'

/**
 * An invitation form (intent "invite"): "How" as radio buttons, then the chosen way's fields: an
 * email address for `email`, nothing for `open` (a code to hand out), and what `wayFields` gives
 * for any other way (the group home's people picker). Without JavaScript every way's fields are
 * shown and the chosen "How" decides; with it only the chosen way's. Validated on the server
 * only (as ADR 018): the action answers with conform's reply, whose errors and values it shows
 * again; no zod or conform in the browser. Used by the group home and the group creators' dialog.
 */
export function InvitationForm<Way extends string>({
  id,
  ways,
  way,
  onWayChange,
  labels,
  lastResult,
  FormComponent = Form,
  busy = false,
  wayFields,
}: {
  id: string
  ways: readonly Way[]
  /** The way chosen at first. */
  way: Way
  onWayChange?: (way: Way) => void
  labels: { legend: string; way: (way: Way) => string; hint?: (way: Way) => string; email: string; submit: string }
  lastResult?: SubmissionResult<string[]>
  /** The form to post with (a fetcher's, in a dialog that stays open on an error). */
  FormComponent?: typeof Form
  /** Pending beside the page's own submission (a fetcher's). */
  busy?: boolean
  /** A way's own fields, given the server's errors of the last answer by field name. */
  wayFields?: (way: Way, errors: (name: string) => string[] | undefined) => ReactNode
}) {
  const { t } = useTranslation()
  const form = serverForm(lastResult)
  const answerKey = useAnswerKey(lastResult)
  const [type, setType] = useState<string>(form.value('type', way))
  const hydrated = useHydrated()
  const shown = (value: string) => !hydrated || type === value
  const submitting = useIntentPending('invite')
  const formErrors = form.errors('')
  return (
    <FormComponent id={id} method="post" noValidate className="flex flex-col gap-4">
      <input type="hidden" name="intent" value="invite" />
      {formErrors?.length ? (
        <Alert tone="error" id={`${id}-form-error`}>
          {formErrors.map((e) => (
            <p key={e}>{t(e)}</p>
          ))}
        </Alert>
      ) : null}
      <fieldset>
        <legend className="mb-2 text-sm font-medium text-slate-800">{labels.legend}</legend>
        <div className="flex flex-col gap-2">
          {ways.map((value) => (
            <label key={value} className="flex items-start gap-2">
              <input
                type="radio"
                name="type"
                value={value}
                checked={type === value}
                onChange={() => {
                  setType(value)
                  onWayChange?.(value)
                }}
                className="mt-1 size-4"
                aria-describedby={labels.hint ? `${id}-${value}-hint` : undefined}
              />
              {labels.hint ? (
                <span>
                  <span className="font-medium">{labels.way(value)}</span>
                  <span id={`${id}-${value}-hint`} className="block text-sm text-slate-600">
                    {labels.hint(value)}
                  </span>
                </span>
              ) : (
                labels.way(value)
              )}
            </label>
          ))}
        </div>
        <FieldErrors id={`${id}-type-error`} errors={form.errors('type')} />
      </fieldset>
      {ways.map((value) => (value === 'email' || value === 'open' || !shown(value) ? null : wayFields?.(value, form.errors)))}
      {shown('email') ? (
        <Field
          key={answerKey}
          label={labels.email}
          errors={form.errors('email')}
          inputProps={{
            id: `${id}-email`,
            name: 'email',
            type: 'email',
            defaultValue: form.value('email'),
            autoComplete: 'off',
            required: hydrated && type === 'email',
            autoFocus: form.errors('email') ? true : undefined,
          }}
        />
      ) : null}
      <div>
        <Button type="submit" pending={busy || submitting}>
          {labels.submit}
        </Button>
      </div>
    </FormComponent>
  )
}
