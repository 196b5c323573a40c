import { getZodConstraint } from '@conform-to/zod'
import {
  AutoSignoutFormSchema,
  DeleteAccountFormSchema,
  EmailFormSchema,
  LanguageFormSchema,
  NameFormSchema,
  PasswordChangeSchema,
  TimezoneFormSchema,
} from '~/services/profile/profile.schemas'

/**
 * Native HTML constraints (required, minLength, maxLength, ...) of the preferences forms, derived
 * once from their zod schemas and sent with the page: the forms validate on the server only, so
 * no zod or conform ships to the browser (ADR 018, as ADR 006 for the auth screens).
 */
export const PREFS_CONSTRAINTS = {
  name: getZodConstraint(NameFormSchema),
  email: getZodConstraint(EmailFormSchema),
  language: getZodConstraint(LanguageFormSchema),
  timezone: getZodConstraint(TimezoneFormSchema),
  autoSignout: getZodConstraint(AutoSignoutFormSchema),
  password: getZodConstraint(PasswordChangeSchema),
  deleteAccount: getZodConstraint(DeleteAccountFormSchema),
}
export type PrefsConstraint = (typeof PREFS_CONSTRAINTS)[keyof typeof PREFS_CONSTRAINTS]
