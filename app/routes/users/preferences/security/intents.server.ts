import { data, redirect } from '@remix-run/node'
import { sessionCookie } from '~/auth/session.server'
import { DomainError } from '~/errors'
import { signOutOtherSessions, signOutSession } from '~/services/profile/profile.server'
import { EndSessionSchema, TotpConfirmSchema, TwoStepConfirmationSchema } from '~/services/two-step/two-step.schemas'
import {
  cancelTotpEnrolment,
  confirmTotpEnrolment,
  disableTwoStep,
  regenerateRecoveryCodes,
  startTotpEnrolment,
} from '~/services/two-step/totp.server'
import { AddPasskeySchema, RemovePasskeySchema, RenamePasskeySchema } from '~/services/passkeys/passkeys.schemas'
import { listPasskeys, removePasskey, renamePasskey } from '~/services/passkeys/passkeys.server'
import { registerPasskey } from '~/services/passkeys/registration.server'
import { redirectWithToast } from '~/http/toast.server'
import type { PrefsIntentArgs } from '../intent-args'
import { runPrefsForm, type PrefsActionData } from '../run-form.server'

/**
 * The forms of the security preferences, one handler each (the route's action picks one by
 * `intent`). Success ends in a redirect with a toast, except where new recovery codes are shown:
 * they are answered once, in the page of the answer, and never stored readable.
 */
export type SecurityIntent =
  | 'two-step-start'
  | 'two-step-confirm'
  | 'two-step-cancel'
  | 'two-step-disable'
  | 'recovery-codes'
  | 'sign-out-session'
  | 'sign-out-others'
  | 'passkey-add'
  | 'passkey-rename'
  | 'passkey-remove'
export interface SecurityActionData extends PrefsActionData<SecurityIntent> {
  /** The new recovery codes, shown once. */
  recoveryCodes?: string[]
  /** Without JavaScript, removing a passkey is asked first: the passkey to confirm. */
  confirmRemove?: { passkey: string; name: string }
}

const showCodes = (intent: SecurityIntent, recoveryCodes: string[]) => data<SecurityActionData>({ intent, result: null, recoveryCodes })

const CONFIRMATION_FIELD = { WRONG_PASSWORD: 'confirmation', CODE_INVALID: 'confirmation' }

/** A form's handler: a redirect, or the page's data to show again (errors, new recovery codes). */
type SecurityHandler = (args: PrefsIntentArgs) => Promise<Response | ReturnType<typeof data<SecurityActionData>>>

export const SECURITY_INTENTS: Record<SecurityIntent, SecurityHandler> = {
  'two-step-start': async ({ ctx, userId, here }: PrefsIntentArgs) => {
    await startTotpEnrolment(ctx, userId)
    return redirect(`${here}#prefs-two-step`)
  },

  // Turning two-step on ends the other sessions: one opened with the password alone stays no longer.
  'two-step-confirm': ({ ctx, userId, form, currentSession }: PrefsIntentArgs) =>
    runPrefsForm(
      'two-step-confirm',
      form,
      TotpConfirmSchema,
      async ({ code }) => {
        const { recoveryCodes } = await confirmTotpEnrolment(ctx, userId, code)
        await signOutOtherSessions(ctx, userId, currentSession)
        return showCodes('two-step-confirm', recoveryCodes)
      },
      { CODE_INVALID: 'code' },
    ),

  'two-step-cancel': async ({ ctx, userId, here }: PrefsIntentArgs) => {
    await cancelTotpEnrolment(ctx, userId)
    return redirectWithToast(here, { key: 'profile.security.twoStep.cancelled', type: 'info' })
  },

  'two-step-disable': ({ ctx, userId, form, here }: PrefsIntentArgs) =>
    runPrefsForm(
      'two-step-disable',
      form,
      TwoStepConfirmationSchema,
      async ({ confirmation }) => {
        await disableTwoStep(ctx, userId, confirmation)
        return redirectWithToast(here, { key: 'profile.security.twoStep.off' })
      },
      CONFIRMATION_FIELD,
      ['confirmation'],
    ),

  'recovery-codes': ({ ctx, userId, form }: PrefsIntentArgs) =>
    runPrefsForm(
      'recovery-codes',
      form,
      TwoStepConfirmationSchema,
      async ({ confirmation }) => showCodes('recovery-codes', (await regenerateRecoveryCodes(ctx, userId, confirmation)).recoveryCodes),
      CONFIRMATION_FIELD,
      ['confirmation'],
    ),

  'sign-out-session': ({ ctx, userId, form, here, currentSession }: PrefsIntentArgs) =>
    runPrefsForm('sign-out-session', form, EndSessionSchema, async ({ session }) => {
      const ended = await signOutSession(ctx, userId, session, currentSession).catch((error: unknown) => {
        // Ended meanwhile (expired, signed out elsewhere), or never one of this user's: nothing to do.
        if (error instanceof DomainError && error.code === 'NOT_FOUND') return null
        throw error
      })
      if (!ended) return redirectWithToast(here, { key: 'profile.security.sessions.gone', type: 'info' })
      const { current } = ended
      // Ending the session of this very browser signs it out.
      if (current)
        return redirect('/signin?notice=signedOut', { headers: { 'Set-Cookie': await sessionCookie().serialize('', { maxAge: 0 }) } })
      return redirectWithToast(here, { key: 'profile.security.sessions.ended' })
    }),

  'sign-out-others': async ({ ctx, userId, here, currentSession }: PrefsIntentArgs) => {
    const { signedOut } = await signOutOtherSessions(ctx, userId, currentSession)
    return redirectWithToast(here, { key: 'profile.account.sessions.signedOut', values: { count: String(signedOut) } })
  },

  // The browser's answer to .../passkeys/options (passkey-options.ts), with the name typed.
  'passkey-add': ({ ctx, userId, form, here }: PrefsIntentArgs) =>
    runPrefsForm('passkey-add', form, AddPasskeySchema, async ({ name, response }) => {
      await registerPasskey(ctx, userId, { name, response })
      return redirectWithToast(here, { key: 'profile.security.passkeys.added', values: { name } })
    }),

  'passkey-rename': ({ ctx, userId, form, here }: PrefsIntentArgs) =>
    runPrefsForm('passkey-rename', form, RenamePasskeySchema, async ({ passkey, name }) => {
      await renamePasskey(ctx, userId, { passkey, name })
      return redirectWithToast(here, { key: 'profile.security.passkeys.renamed', values: { name } })
    }),

  // Without `confirmed` (no JavaScript, so no dialog), the page asks first.
  'passkey-remove': ({ ctx, userId, form, here }: PrefsIntentArgs) =>
    runPrefsForm('passkey-remove', form, RemovePasskeySchema, async ({ passkey, confirmed }) => {
      if (!confirmed) {
        const named = (await listPasskeys(ctx, userId)).find((p) => p._id === passkey)
        if (!named) throw new DomainError('NOT_FOUND')
        return data<SecurityActionData>({ intent: 'passkey-remove', result: null, confirmRemove: { passkey, name: named.name } })
      }
      const { name } = await removePasskey(ctx, userId, { passkey })
      return redirectWithToast(here, { key: 'profile.security.passkeys.removed', values: { name } })
    }),
}
