import { z } from 'zod'

/**
 * An email address as every form and payload takes it: trimmed, at most 254 characters, lower
 * case. Messages are translation keys. A module of its own, importing nothing of ours, so the
 * services' schemas take it without the rest of auth/schemas.ts.
 */
export const emailField = z
  .string({ required_error: 'validation.required' })
  .trim()
  .max(254, 'validation.tooLong')
  .email('validation.email')
  .transform((v) => v.toLowerCase())
