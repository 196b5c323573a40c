import { useForm, type SubmissionResult } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod'
import type { z } from 'zod'

/** A schema's native constraints never change: worked out once per schema, not per render. */
const constraints = new WeakMap<z.ZodTypeAny, ReturnType<typeof getZodConstraint>>()
function constraintOf(schema: z.ZodTypeAny) {
  let constraint = constraints.get(schema)
  if (!constraint) constraints.set(schema, (constraint = getZodConstraint(schema)))
  return constraint
}

/** A conform form validated by `schema` in the browser once JavaScript runs, and always on the server. */
export function usePrefsForm<S extends z.ZodTypeAny>(id: string, schema: S, lastResult: SubmissionResult<string[]> | undefined, defaultValue?: Record<string, string | undefined>) {
  return useForm({
    id,
    lastResult,
    constraint: constraintOf(schema),
    defaultValue,
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  })
}
