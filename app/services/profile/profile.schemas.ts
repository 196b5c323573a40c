import { z } from 'zod'
import { currentPasswordField, emailField, localeField, nameField, passwordField, timezoneField } from '~/auth/schemas'
import { ALERT_TEMPLATES } from '../alerts/alert-templates'
import { AUTO_SIGNOUT_MAX_SECONDS, AUTO_SIGNOUT_MIN_SECONDS } from './profile.constants'

/**
 * Profile and preferences (docs/profile.md): one schema per form of the preferences screens and per JSON
 * call of spec section 7. Messages are translation keys. The server parses with them; the
 * browser gets only their native constraints (routes/users/preferences/constraints.server.ts).
 */

const timeoutSecondsField = z.coerce
  .number({ invalid_type_error: 'validation.required' })
  .int('validation.autoSignoutRange')
  .min(AUTO_SIGNOUT_MIN_SECONDS, 'validation.autoSignoutRange')
  .max(AUTO_SIGNOUT_MAX_SECONDS, 'validation.autoSignoutRange')

// ---- JSON calls (spec section 7) ----

/** PUT /api/users/{userId}/name */
export const NamePayload = z.object({ name: nameField })

/** POST /api/users/{userId}/email */
export const EmailChangePayload = z.object({ email: emailField, password: currentPasswordField })

/** PUT /api/v2/users/{userId}/preferences: any of locale, timezone and autoSignout. */
export const PreferencesPayload = z
  .object({
    locale: localeField.optional(),
    timezone: timezoneField.optional(),
    autoSignout: z.object({ isActive: z.boolean(), timeoutSeconds: timeoutSecondsField }).optional(),
  })
  .strict()
  .refine((p) => p.locale !== undefined || p.timezone !== undefined || p.autoSignout !== undefined, 'validation.required')
export type PreferencesInput = z.infer<typeof PreferencesPayload>

const templateField = z.enum(ALERT_TEMPLATES, { errorMap: () => ({ message: 'validation.template' }) })

/** PUT /api/v1/users/{userId}/preferences/notifications */
export const NotificationsPayload = z.object({ unsubscribedTemplates: z.array(templateField).max(ALERT_TEMPLATES.length * 2) })

/** Password change (form and service). */
export const PasswordChangeSchema = z
  .object({
    currentPassword: currentPasswordField,
    newPassword: passwordField,
    confirmPassword: z.string({ required_error: 'validation.required' }),
  })
  .refine((v) => v.newPassword === v.confirmPassword, { path: ['confirmPassword'], message: 'validation.passwordsDiffer' })

// ---- Forms of the preferences screens (each posts its `intent`) ----

export const NameFormSchema = NamePayload
export const EmailFormSchema = EmailChangePayload
export const LanguageFormSchema = z.object({ locale: localeField })
export const TimezoneFormSchema = z.object({ timezone: timezoneField })
export const AutoSignoutFormSchema = z.object({
  isActive: z.preprocess((v) => v === 'on' || v === 'true' || v === true, z.boolean()),
  timeoutMinutes: z.coerce
    .number({ invalid_type_error: 'validation.required' })
    .int('validation.autoSignoutRange')
    .min(AUTO_SIGNOUT_MIN_SECONDS / 60, 'validation.autoSignoutRange')
    .max(AUTO_SIGNOUT_MAX_SECONDS / 60, 'validation.autoSignoutRange'),
})
/** Performance and error reports from the browser: checked shares them (the default), unchecked opts out. */
export const TelemetryFormSchema = z.object({
  share: z.preprocess((v) => v === 'on' || v === 'true' || v === true, z.boolean()),
})
/** One checkbox `subscribed` per template the user wants; the unchecked ones are unsubscribed. */
export const NotificationsFormSchema = z.object({
  subscribed: z.preprocess((v) => (v === undefined ? [] : [v].flat()), z.array(templateField)),
})
export const DeleteAccountFormSchema = z.object({ password: currentPasswordField })
