import { z } from 'zod'

/**
 * An email address as every form and payload takes it: trimmed, at most 254 characters, lower
 * case. Messages are translation keys. A module of its own, importing nothing of ours:
 * auth/schemas.ts (which re-exports it) imports services/invitations.schemas.ts, so that one
 * cannot import auth/schemas.ts back (in an import cycle one side reads the other's constants
 * before they are defined).
 */
export const emailField = z
  .string({ required_error: 'validation.required' })
  .trim()
  .max(254, 'validation.tooLong')
  .email('validation.email')
  .transform((v) => v.toLowerCase())
