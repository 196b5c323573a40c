import { z } from 'zod'

/** The most addresses "add people by email" takes at once (a file import takes more). */
export const MAX_ADD_BY_EMAIL = 100

/**
 * "Add people by email" (members page): one or more addresses separated by commas, semicolons,
 * spaces or lines, each once. An address that is no address is not refused here: the result
 * says so for it, beside what happened to the others.
 */
export const AddMembersByEmailSchema = z.object({
  intent: z.literal('addByEmail'),
  emails: z
    .string({ required_error: 'validation.required' })
    .max(MAX_ADD_BY_EMAIL * 256, 'orgAdd.tooMany')
    .transform((text) => [
      ...new Set(
        text
          .split(/[\s,;]+/)
          .map((e) => e.trim().toLowerCase())
          .filter(Boolean),
      ),
    ])
    .superRefine((emails, ctx) => {
      if (emails.length === 0) ctx.addIssue({ code: 'custom', message: 'validation.required' })
      else if (emails.length > MAX_ADD_BY_EMAIL) ctx.addIssue({ code: 'custom', message: 'orgAdd.tooMany' })
    }),
})
