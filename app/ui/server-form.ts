import type { SubmissionResult } from '@conform-to/react'
import { useRef } from 'react'

/**
 * Reading a server-validated form's answer (a conform SubmissionResult) without client-side
 * validation code: the field errors (message keys) and the values to show again.
 */
export function serverForm(result: SubmissionResult<string[]> | null | undefined) {
  const errors = result?.error ?? {}
  const values = (result?.initialValue ?? {}) as Record<string, unknown>
  const form = {
    errors: (name: string) => errors[name] ?? undefined,
    value: (name: string, fallback = '') => (typeof values[name] === 'string' ? (values[name] as string) : fallback),
    /** The value sent as a field with a path in its name (`find-changes[1].newOwnerId`), which conform nests. */
    valueAt: (name: string) => {
      let value: unknown = values
      for (const key of name.split(/\.|\[(\d+)\]/).filter(Boolean)) value = (value as Record<string, unknown> | undefined)?.[key]
      return typeof value === 'string' ? value : undefined
    },
    /**
     * An input's attributes for field `name` of the form `formId`: its id and name, the value sent
     * (else `fallback`), and the focus when it is the first of `order` with an error.
     */
    input: (formId: string, name: string, fallback: string, order: readonly string[]) => ({
      id: `${formId}-${name}`,
      name,
      defaultValue: form.value(name, fallback),
      autoFocus: order.find((n) => errors[n]?.length) === name ? true : undefined,
    }),
  }
  return form
}

/** Input attributes from a constraint entry (required, minLength, maxLength, pattern ...). */
export function constraintProps(constraint: Record<string, unknown> | undefined) {
  const { required, minLength, maxLength, pattern } = (constraint ?? {}) as {
    required?: boolean
    minLength?: number
    maxLength?: number
    pattern?: string
  }
  return { required, minLength, maxLength, pattern }
}

/**
 * A new number for each new answer of the server: the key of a server-validated form, so it is
 * mounted anew and shows exactly the values and errors of that answer, as without JavaScript.
 */
export function useAnswerKey(answer: unknown) {
  const seen = useRef({ answer, key: 0 })
  if (seen.current.answer !== answer) seen.current = { answer, key: seen.current.key + 1 }
  return seen.current.key
}
