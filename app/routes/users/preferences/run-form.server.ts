import type { SubmissionResult } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod'
import { data } from '@remix-run/node'
import type { z } from 'zod'
import { DomainError, kindOf, messageKey } from '~/errors'

/** What a preferences screen's action answers when a form is shown again. */
export interface PrefsActionData<I extends string = string> {
  intent: I | null
  result: SubmissionResult<string[]> | null
}

export const prefsReply = <I extends string>(body: PrefsActionData<I>, status = 400) => data<PrefsActionData<I>>(body, { status })

/**
 * Parses a preferences form with its schema and runs the change; validation errors and the
 * expected domain errors come back as the form's errors (under the field `fields` names for the
 * code, else above the form), anything else is thrown on (the route's failure screen).
 */
export async function runPrefsForm<S extends z.ZodTypeAny, I extends string, R>(
  intent: I,
  form: FormData,
  schema: S,
  change: (value: z.infer<S>) => Promise<R>,
  fields: Partial<Record<string, string>> = {},
  hideFields: string[] = [],
) {
  const submission = parseWithZod(form, { schema })
  if (submission.status !== 'success') return prefsReply<I>({ intent, result: submission.reply({ hideFields }) })
  try {
    return await change(submission.value)
  } catch (error) {
    if (!(error instanceof DomainError) || error.status >= 500 || error.code === 'USER_NOT_FOUND' || kindOf(error.code) === 'step-up')
      throw error
    const field = fields[error.code] ?? (error.code === 'BAD_REQUEST' ? undefined : '')
    const key = messageKey(error.code)
    if (error.code === 'BAD_REQUEST') {
      // requireUncommonPassword: { errors: { newPassword: [key] } }
      const errors = (error.data.errors ?? {}) as Record<string, string[]>
      return prefsReply<I>({ intent, result: submission.reply({ fieldErrors: errors, hideFields }) })
    }
    return prefsReply<I>({
      intent,
      result: submission.reply(field ? { fieldErrors: { [field]: [key] }, hideFields } : { formErrors: [key], hideFields }),
    })
  }
}
