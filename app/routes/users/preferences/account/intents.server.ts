import type { SubmissionResult } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod'
import { data } from '@remix-run/node'
import type { z } from 'zod'
import { DomainError, messageKey } from '~/errors'
import { localeCookie } from '~/i18n/i18n.server'
import { requestEmailChange } from '~/services/email-change.server'
import {
  AutoSignoutFormSchema,
  EmailFormSchema,
  LanguageFormSchema,
  NameFormSchema,
  PasswordChangeSchema,
  TelemetryFormSchema,
  TimezoneFormSchema,
} from '~/services/profile.schemas'
import { changePassword, renameUser, signOutOtherSessions, updatePreferences } from '~/services/profile.server'
import { setTelemetryOptOut } from '~/services/telemetry.server'
import { redirectWithToast } from '~/ui/toast.server'
import type { PrefsIntentArgs } from '../intent-args'

/**
 * The forms of the account preferences, one handler each; the route's action picks one by
 * `intent`. Success ends in a redirect with a toast; a form to show again carries its
 * submission's reply (field errors as message keys). The JSON calls do the same through the same
 * services (routes/api/users/*).
 */

export type AccountIntent = 'name' | 'email' | 'language' | 'timezone' | 'auto-signout' | 'telemetry' | 'password' | 'sign-out-others'
export interface AccountActionData {
  intent: AccountIntent | null
  result: SubmissionResult<string[]> | null
}

const reply = (body: AccountActionData, status = 400) => data<AccountActionData>(body, { status })

/** Where a domain error of a form shows: under the field it is about, else above the form. */
const FIELD_OF: Partial<Record<string, string>> = {
  WRONG_PASSWORD: 'password',
  EMAIL_TAKEN: 'email',
}

/**
 * Parses the form with its schema and runs the change; validation errors and the expected domain
 * errors come back as the form's errors, anything else is thrown on (the route's failure screen).
 */
async function run<S extends z.ZodTypeAny>(
  intent: AccountIntent,
  form: FormData,
  schema: S,
  change: (value: z.infer<S>) => Promise<Response>,
  fields: Partial<Record<string, string>> = FIELD_OF,
  hideFields: string[] = [],
) {
  const submission = parseWithZod(form, { schema })
  if (submission.status !== 'success') return reply({ intent, result: submission.reply({ hideFields }) })
  try {
    return await change(submission.value)
  } catch (error) {
    if (!(error instanceof DomainError) || error.status >= 500 || error.code === 'USER_NOT_FOUND') throw error
    const field = fields[error.code] ?? (error.code === 'BAD_REQUEST' ? undefined : '')
    const key = messageKey(error.code)
    if (error.code === 'BAD_REQUEST') {
      // requireUncommonPassword: { errors: { newPassword: [key] } }
      const errors = (error.data.errors ?? {}) as Record<string, string[]>
      return reply({ intent, result: submission.reply({ fieldErrors: errors, hideFields }) })
    }
    return reply({ intent, result: submission.reply(field ? { fieldErrors: { [field]: [key] }, hideFields } : { formErrors: [key], hideFields }) })
  }
}

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
        return redirectWithToast(here, pending ? { key: 'profile.account.email.sent', values: { email } } : { key: 'profile.account.email.same', type: 'info' })
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

  'sign-out-others': async ({ ctx, userId, here, currentSession }: PrefsIntentArgs) => {
    const { signedOut } = await signOutOtherSessions(ctx, userId, currentSession)
    return redirectWithToast(here, { key: 'profile.account.sessions.signedOut', values: { count: String(signedOut) } })
  },
}
