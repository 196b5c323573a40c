import { z } from 'zod'
import { LOCALES } from '~/i18n/config'
import { emailField } from './email-field'
import { isWellFormedCode, normalizeCode } from '~/utils/invitation-code'
import { currentZoneName } from '~/utils/timezones'

// Messages are translation keys; the form translates them. Shared by server and browser.
export const PASSWORD_MIN = 8
export const PASSWORD_MAX = 128

export { emailField }
export const passwordField = z
  .string({ required_error: 'validation.required' })
  .min(PASSWORD_MIN, 'validation.passwordTooShort')
  .max(PASSWORD_MAX, 'validation.passwordTooLong')
/** At sign-in any non-empty password is checked; length rules are for new passwords. */
export const currentPasswordField = z.string({ required_error: 'validation.required' }).max(PASSWORD_MAX, 'validation.passwordTooLong')
export const nameField = z
  .string({ required_error: 'validation.required' })
  .trim()
  .min(1, 'validation.required')
  .max(100, 'validation.tooLong')
export const localeField = z.enum(LOCALES, { errorMap: () => ({ message: 'validation.locale' }) })
export const timezoneField = z
  .string({ required_error: 'validation.required' })
  .max(64)
  .refine((tz) => {
    try {
      new Intl.DateTimeFormat('en', { timeZone: tz })
      return true
    } catch {
      return false
    }
  }, 'validation.timezone')
  // A renamed zone (Asia/Calcutta) is saved by its current name (Asia/Kolkata).
  .transform(currentZoneName)
export const tokenField = z.string({ required_error: 'validation.required' }).min(10, 'validation.token').max(200, 'validation.token')
/** An invitation code, normalized as everywhere else (invitations.schemas); a malformed one is an error. */
export const invitationCodeField = z.string().transform(normalizeCode).refine(isWellFormedCode, 'validation.invitationCode')
/**
 * The sign-up form's invitation code: a hidden field filled from the link, so a malformed one is
 * dropped (the account is still created) instead of failing on a field nobody can see.
 */
export const signUpInvitationCodeField = z
  .string()
  .optional()
  .transform((code) => (code && isWellFormedCode(code) ? normalizeCode(code) : undefined))

/** A control character (U+0000 to U+001F, U+007F) or a backslash anywhere in the string. */
function hasControlOrBackslash(s: string): boolean {
  for (let i = 0; i < s.length; i++) {
    const code = s.charCodeAt(i)
    if (code <= 0x1f || code === 0x7f || code === 0x5c) return true
  }
  return false
}

/**
 * Same-origin relative paths only; anything else is dropped. Browsers ignore tabs and newlines in
 * URLs and treat a backslash as a slash, so "/\t/evil.example" would leave the site: control
 * characters and backslashes are refused, and the path is resolved against a dummy origin to be
 * sure it stays there.
 */
export function safeRedirect(to: unknown, fallback = '/'): string {
  if (typeof to !== 'string' || !to.startsWith('/') || hasControlOrBackslash(to)) return fallback
  const base = 'http://same-origin.invalid'
  const url = new URL(to, base)
  if (url.origin !== base) return fallback
  return `${url.pathname}${url.search}${url.hash}`
}

export const SignInSchema = z.object({
  email: emailField,
  password: currentPasswordField,
  redirectTo: z.string().optional(),
})

export const SignUpSchema = z.object({
  name: nameField,
  email: emailField,
  password: passwordField,
  locale: localeField,
  timezone: timezoneField,
  invitationCode: signUpInvitationCodeField,
  redirectTo: z.string().optional(),
})

export const EmailOnlySchema = z.object({ email: emailField })

export const NewPasswordSchema = z
  .object({ token: tokenField, newPassword: passwordField, confirmPassword: z.string({ required_error: 'validation.required' }) })
  .refine((v) => v.newPassword === v.confirmPassword, { path: ['confirmPassword'], message: 'validation.passwordsDiffer' })

// JSON API payloads (section 7)
export const SignInPayload = z.object({
  email: emailField,
  password: currentPasswordField,
  environment: z.string().max(100).optional(),
  userAgent: z.string().max(500).optional(),
})
export const SignUpPayload = z.object({
  name: nameField,
  email: emailField,
  password: passwordField,
  preferences: z.object({ locale: localeField, timezone: timezoneField }),
  invitationCode: invitationCodeField.optional(),
})
export const TokenPayload = z.object({ token: tokenField })
export const NewPasswordPayload = z.object({ token: tokenField, newPassword: passwordField })
