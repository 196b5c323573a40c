import type { SubmissionResult } from '@conform-to/react'
import { constraintProps, serverForm, useAnswerKey } from '~/ui/server-form'

type Constraint = Record<string, Record<string, unknown> | undefined>

/**
 * A preferences form validated on the server only (ADR 018): the browser gets no zod or conform,
 * only the native constraints worked out on the server (./constraints.server.ts). The server's
 * answer (field errors as message keys, the values to show again) fills the form; the first field
 * in error takes the focus, with or without JavaScript.
 *
 * With JavaScript the form is mounted anew for each answer (`key`), so it shows exactly what the
 * page without JavaScript shows: the values sent back, hidden fields (passwords) empty.
 */
export function usePrefsForm(
  id: string,
  lastResult: SubmissionResult<string[]> | null | undefined,
  constraint: Constraint = {},
  defaultValue: Record<string, string | undefined> = {},
) {
  const form = serverForm(lastResult)
  const errors = lastResult?.error ?? {}
  const firstInvalid = Object.keys(errors).find((name) => name !== '' && errors[name]?.length)
  const formErrors = form.errors('')
  const errorId = `${id}-form-error`
  const base = (name: string) => ({
    id: `${id}-${name}`,
    name,
    defaultValue: lastResult ? form.value(name) : (defaultValue[name] ?? ''),
    autoFocus: name === firstInvalid || undefined,
  })
  return {
    key: useAnswerKey(lastResult),
    formProps: { id, 'aria-invalid': formErrors ? true : undefined, 'aria-describedby': formErrors ? errorId : undefined },
    formErrors,
    errorId,
    errors: form.errors,
    /** id, name, value and native constraints of a field, focused when it is the first in error. */
    field: (name: string) => ({ ...base(name), ...constraintProps(constraint[name]) }),
    /** The same for a select: only `required` applies. */
    select: (name: string) => ({ ...base(name), required: constraintProps(constraint[name]).required }),
    /** A checkbox: checked as sent, or as saved. */
    checkbox: (name: string) => ({
      id: `${id}-${name}`,
      name,
      type: 'checkbox' as const,
      defaultChecked: lastResult ? form.value(name) === 'on' : defaultValue[name] === 'on',
    }),
  }
}
