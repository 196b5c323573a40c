import { z } from 'zod'
import { emailField } from '~/auth/email-field'
import { INVITATION_CODE_LENGTH, normalizeCode } from '~/utils/invitation-code'

/**
 * Invitation codes and the invitation forms and payloads, shared by server and browser
 * (the invitation-code screen checks a code as it is typed). Messages are translation keys.
 */

const codeField = z
  .string({ required_error: 'validation.required' })
  .trim()
  .min(1, 'validation.required')
  .transform(normalizeCode)
  .pipe(z.string().length(INVITATION_CODE_LENGTH, 'validation.invitationCode'))

/** The invitation-code screen. */
export const RedeemCodeSchema = z.object({ code: codeField })

/** PUT /api/v1/invitations/use-code */
export const UseCodePayload = z.object({ invitationCode: codeField })

/** Invitation creation payload (spec section 3): type, email for the email type, groupCreator true. */
export const CreateInvitationPayload = z.discriminatedUnion('type', [
  z.object({ type: z.literal('email'), email: emailField, groupCreator: z.literal(true) }),
  z.object({ type: z.literal('open'), groupCreator: z.literal(true) }),
])
export type CreateInvitationInput = z.infer<typeof CreateInvitationPayload>

/** The invitation form of the group-creators page (the email is required for the email type). */
export const InviteFormSchema = z
  .object({
    type: z.enum(['email', 'open'], { errorMap: () => ({ message: 'validation.required' }) }),
    email: z.string().trim().max(254, 'validation.tooLong').optional(),
  })
  .superRefine((value, ctx) => {
    if (value.type !== 'email') return
    if (!value.email) ctx.addIssue({ code: 'custom', path: ['email'], message: 'validation.required' })
    else if (!z.string().email().safeParse(value.email).success)
      ctx.addIssue({ code: 'custom', path: ['email'], message: 'validation.email' })
  })
  .transform((value) =>
    value.type === 'email' ? { type: 'email' as const, email: value.email!.toLowerCase() } : { type: 'open' as const },
  )

/** Add group creators by the members' email addresses: one or more, separated by commas, spaces or lines. */
export const MAX_EMAILS_AT_ONCE = 1000
/**
 * A text area of email addresses, separated by commas, semicolons, spaces or lines: the distinct
 * addresses, lower-cased (at most `max` of about 256 characters each, else `tooLong`).
 */
export const emailListField = (max: number, tooLong: string) =>
  z
    .string({ required_error: 'validation.required' })
    .max(max * 256, tooLong)
    .transform((text) => [
      ...new Set(
        text
          .split(/[\s,;]+/)
          .map((e) => e.trim().toLowerCase())
          .filter(Boolean),
      ),
    ])

export const AddCreatorsByEmailSchema = z.object({
  emails: emailListField(MAX_EMAILS_AT_ONCE, 'validation.tooLong').superRefine((emails, ctx) => {
    if (emails.length === 0) ctx.addIssue({ code: 'custom', message: 'validation.required' })
    else if (emails.length > MAX_EMAILS_AT_ONCE) ctx.addIssue({ code: 'custom', message: 'groupCreators.add.tooMany' })
    else if (emails.some((e) => e.length > 254 || !z.string().email().safeParse(e).success))
      ctx.addIssue({ code: 'custom', message: 'groupCreators.add.invalidEmail' })
  }),
})
