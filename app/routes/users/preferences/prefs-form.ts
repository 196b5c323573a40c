import { useForm, type SubmissionResult } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod'
import type { z } from 'zod'

/** A conform form validated by `schema` in the browser once JavaScript runs, and always on the server. */
export function usePrefsForm<S extends z.ZodTypeAny>(id: string, schema: S, lastResult: SubmissionResult<string[]> | undefined, defaultValue?: Record<string, string | undefined>) {
  return useForm({
    id,
    lastResult,
    constraint: getZodConstraint(schema),
    defaultValue,
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  })
}
