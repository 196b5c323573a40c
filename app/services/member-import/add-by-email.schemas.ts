import { z } from 'zod'
import { emailListField } from '../invitations/invitations.schemas'

/** The most addresses "add people by email" takes at once (a file import takes more). */
export const MAX_ADD_BY_EMAIL = 100

/**
 * "Add people by email" (members page): one or more addresses separated by commas, semicolons,
 * spaces or lines, each once. An address that is no address is not refused here: the result
 * says so for it, beside what happened to the others.
 */
export const AddMembersByEmailSchema = z.object({
  intent: z.literal('addByEmail'),
  emails: emailListField(MAX_ADD_BY_EMAIL, 'orgAdd.tooMany').superRefine((emails, ctx) => {
    if (emails.length === 0) ctx.addIssue({ code: 'custom', message: 'validation.required' })
    else if (emails.length > MAX_ADD_BY_EMAIL) ctx.addIssue({ code: 'custom', message: 'orgAdd.tooMany' })
  }),
})
