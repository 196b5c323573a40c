import { z } from 'zod'

/** The forms of the security preferences (docs/auth.md), validated on the server (ADR 018). Messages are keys. */
export const TotpConfirmSchema = z.object({
  code: z
    .string({ required_error: 'validation.required' })
    .trim()
    .regex(/^\d{3} ?\d{3}$/, 'validation.totpCode'),
})
/** Turning two-step off, new recovery codes: a current code of the app, or the password. */
export const TwoStepConfirmationSchema = z.object({
  confirmation: z.string({ required_error: 'validation.required' }).min(1, 'validation.required').max(128, 'validation.tooLong'),
})
export const EndSessionSchema = z.object({ session: z.string().regex(/^[0-9a-f]{32}$/) })
