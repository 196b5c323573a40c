import { z } from 'zod'

/** The passkey forms of the security preferences (docs/auth.md), validated on the server (ADR 018). Messages are keys. */
export const PASSKEY_NAME_MAX = 60
/** The most of a browser's JSON answer taken (a passkey's answer is 1-2 kB; attestation "none"). */
const RESPONSE_MAX = 16_000

const name = z
  .string({ required_error: 'validation.required' })
  .trim()
  .min(1, 'validation.required')
  .max(PASSKEY_NAME_MAX, 'validation.tooLong')
const passkey = z.string().regex(/^[0-9a-f]{24}$/)
/** The browser's answer (RegistrationResponseJSON / AuthenticationResponseJSON), as the form carries it. */
export const webAuthnResponse = z
  .string()
  .max(RESPONSE_MAX)
  .transform((text, ctx) => {
    try {
      const value = JSON.parse(text) as unknown
      if (value && typeof value === 'object' && !Array.isArray(value)) return value as never
    } catch {
      // reported below
    }
    ctx.addIssue({ code: 'custom', message: 'errors.PASSKEY_INVALID' })
    return z.NEVER
  })

export const AddPasskeySchema = z.object({ name, response: webAuthnResponse })
export const RenamePasskeySchema = z.object({ passkey, name })
export const RemovePasskeySchema = z.object({ passkey, confirmed: z.literal('1').optional() })
export const PasskeySignInSchema = z.object({ response: webAuthnResponse, redirectTo: z.string().max(2000).optional() })
