import type { ZodError } from 'zod'

/**
 * A zod error as the form's field errors: message keys by field name (`roles[2].name`), the
 * path renamed where the form's names differ from the schema's; '' holds the form's own errors.
 */
export function fieldErrorsOf(
  error: ZodError,
  rename: (path: (string | number)[]) => (string | number)[] = (p) => p,
): Record<string, string[]> {
  const errors: Record<string, string[]> = {}
  for (const issue of error.issues) {
    const name = rename(issue.path).reduce<string>(
      (acc, seg) => (typeof seg === 'number' ? `${acc}[${seg}]` : acc ? `${acc}.${seg}` : seg),
      '',
    )
    const messages = (errors[name] ??= [])
    if (!messages.includes(issue.message)) messages.push(issue.message)
  }
  return errors
}
