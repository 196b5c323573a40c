import { getFormProps, getInputProps, useForm, type FieldMetadata, type SubmissionResult } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod'
import { Form } from '@remix-run/react'
import { useState, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import type { ZodTypeAny } from 'zod'
import { Alert } from './alert'
import { Button } from './button'
import { Field, FieldErrors } from './field'
import { useHydrated } from './use-hydrated'
import { useIntentPending } from './use-intent-pending'
import { zodConstraint } from './zod-constraint'

/**
 * An invitation form (intent "invite"): "How" as radio buttons, then the chosen way's fields: an
 * email address for `email`, nothing for `open` (a code to hand out), and what `wayFields` gives
 * for any other way (the group home's people picker). Without JavaScript every way's fields are
 * shown and the chosen "How" decides; with it only the chosen way's. The schema checks it in the
 * browser once JavaScript runs, as the server does. Used by the group home and the group
 * creators' dialog.
 */
export function InvitationForm<Way extends string>({
  id,
  schema,
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
  schema: ZodTypeAny
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
  /** A way's own fields, given the form's fields (for their errors). */
  wayFields?: (way: Way, fields: Record<string, FieldMetadata<unknown>>) => ReactNode
}) {
  const { t } = useTranslation()
  const constraint = zodConstraint(schema)
  const [form, fields] = useForm<Record<string, unknown>>({
    id,
    lastResult,
    constraint,
    defaultValue: { type: way },
    shouldValidate: 'onSubmit',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  })
  const [type, setType] = useState<string>(String(fields.type.initialValue ?? way))
  const hydrated = useHydrated()
  const shown = (value: string) => !hydrated || type === value
  const submitting = useIntentPending('invite')
  const { key: _emailKey, ...emailProps } = getInputProps(fields.email, { type: 'email' })
  return (
    <FormComponent method="post" {...getFormProps(form)} className="flex flex-col gap-4">
      <input type="hidden" name="intent" value="invite" />
      {form.errors?.length ? (
        <Alert tone="error" id={form.errorId}>
          {form.errors.map((e) => (
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
                name={fields.type.name}
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
        <FieldErrors id={`${fields.type.id}-error`} errors={fields.type.errors} />
      </fieldset>
      {ways.map((value) => (value === 'email' || value === 'open' || !shown(value) ? null : wayFields?.(value, fields)))}
      {shown('email') ? (
        <Field
          label={labels.email}
          errors={fields.email.errors}
          inputProps={{ ...emailProps, autoComplete: 'off', required: hydrated && type === 'email' }}
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
