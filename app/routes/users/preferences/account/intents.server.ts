import type { z } from 'zod'
import { localeCookie } from '~/i18n/i18n.server'
import { requestEmailChange } from '~/services/profile/email-change.server'
import {
  AutoSignoutFormSchema,
  EmailFormSchema,
  LanguageFormSchema,
  NameFormSchema,
  PasswordChangeSchema,
  TelemetryFormSchema,
  TimezoneFormSchema,
} from '~/services/profile/profile.schemas'
import { changePassword, renameUser, updatePreferences } from '~/services/profile/profile.server'
import { setTelemetryOptOut } from '~/services/platform/telemetry.server'
import { redirectWithToast } from '~/http/toast.server'
import type { PrefsIntentArgs } from '../intent-args'
import { runPrefsForm, type PrefsActionData } from '../run-form.server'

/**
 * The forms of the account preferences, one handler each; the route's action picks one by
 * `intent`. Success ends in a redirect with a toast; a form to show again carries its
 * submission's reply (field errors as message keys). The JSON calls do the same through the same
 * services (routes/api/users/*).
 */

export type AccountIntent = 'name' | 'email' | 'language' | 'timezone' | 'auto-signout' | 'telemetry' | 'password'
export type AccountActionData = PrefsActionData<AccountIntent>

/** Where a domain error of a form shows: under the field it is about, else above the form. */
const FIELD_OF: Partial<Record<string, string>> = {
  WRONG_PASSWORD: 'password',
  EMAIL_TAKEN: 'email',
}

const run = <S extends z.ZodTypeAny>(
  intent: AccountIntent,
  form: FormData,
  schema: S,
  change: (value: z.infer<S>) => Promise<Response>,
  fields: Partial<Record<string, string>> = FIELD_OF,
  hideFields: string[] = [],
) => runPrefsForm(intent, form, schema, change, fields, hideFields)

export const ACCOUNT_INTENTS = {
  name: ({ ctx, userId, form, here }: PrefsIntentArgs) =>
    run('name', form, NameFormSchema, async ({ name }) => {
      await renameUser(ctx, userId, name)
      return redirectWithToast(here, { key: 'profile.account.name.saved' })
    }),

  email: ({ ctx, userId, form, here }: PrefsIntentArgs) =>
    run(
      'email',
      form,
      EmailFormSchema,
      async (value) => {
        const { email, pending } = await requestEmailChange(ctx, userId, value)
        return redirectWithToast(
          here,
          pending ? { key: 'profile.account.email.sent', values: { email } } : { key: 'profile.account.email.same', type: 'info' },
        )
      },
      FIELD_OF,
      ['password'],
    ),

  language: ({ ctx, userId, form, here }: PrefsIntentArgs) =>
    run('language', form, LanguageFormSchema, async ({ locale }) => {
      await updatePreferences(ctx, userId, { locale })
      // The page reloads in the new language (root.tsx compares the saved locale with the page's).
      return redirectWithToast(here, { key: 'profile.account.language.saved' }, [await localeCookie.serialize(locale)])
    }),

  timezone: ({ ctx, userId, form, here }: PrefsIntentArgs) =>
    run('timezone', form, TimezoneFormSchema, async ({ timezone }) => {
      await updatePreferences(ctx, userId, { timezone })
      return redirectWithToast(here, { key: 'profile.account.timezone.saved' })
    }),

  'auto-signout': ({ ctx, userId, form, here }: PrefsIntentArgs) =>
    run('auto-signout', form, AutoSignoutFormSchema, async ({ isActive, timeoutMinutes }) => {
      await updatePreferences(ctx, userId, { autoSignout: { isActive, timeoutSeconds: timeoutMinutes * 60 } })
      return redirectWithToast(here, { key: 'profile.account.autoSignout.saved' })
    }),

  telemetry: ({ ctx, userId, form, here }: PrefsIntentArgs) =>
    run('telemetry', form, TelemetryFormSchema, async ({ share }) => {
      await setTelemetryOptOut(ctx, userId, !share)
      return redirectWithToast(here, { key: share ? 'profile.account.telemetry.on' : 'profile.account.telemetry.off' })
    }),

  password: ({ ctx, userId, form, here, currentSession }: PrefsIntentArgs) =>
    run(
      'password',
      form,
      PasswordChangeSchema,
      async ({ currentPassword, newPassword }) => {
        const { signedOut } = await changePassword(ctx, userId, { currentPassword, newPassword, currentSession })
        return redirectWithToast(here, { key: 'profile.account.password.saved', values: { count: String(signedOut) } })
      },
      { WRONG_PASSWORD: 'currentPassword' },
      ['currentPassword', 'newPassword', 'confirmPassword'],
    ),
}
