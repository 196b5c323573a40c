import { z } from 'zod'
import { webAuthnResponse } from '../passkeys/passkeys.schemas'

/** The forms of /confirm-identity (docs/auth.md "Confirm it's you"), one per proof; validated on the server (ADR 006). Messages are keys. */
const redirectTo = z.string().max(2000).optional()
export const ConfirmIdentitySchema = z.discriminatedUnion('intent', [
  z.object({
    intent: z.literal('password'),
    password: z.string({ required_error: 'validation.required' }).min(1, 'validation.required').max(1024, 'validation.tooLong'),
    redirectTo,
  }),
  z.object({
    intent: z.literal('code'),
    code: z
      .string({ required_error: 'validation.required' })
      .trim()
      .regex(/^\d{3} ?\d{3}$/, 'validation.totpCode'),
    redirectTo,
  }),
  z.object({ intent: z.literal('passkey'), response: webAuthnResponse, redirectTo }),
])
