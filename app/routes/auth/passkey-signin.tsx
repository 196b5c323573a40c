import { useSubmit } from '@remix-run/react'
import type { PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { fetchPasskeyOptions, isCancelled, isRefusal, supportsWebAuthn, webAuthnBrowser } from '~/browser/passkeys'
import { messageKey } from '~/errors'
import { Alert } from '~/ui/alert'
import { Button } from '~/ui/button'
import { useHydrated } from '~/ui/use-hydrated'

const OPTIONS_URL = '/signin/passkey/options'

/**
 * "Sign in with a passkey" on /signin, and the browser's autofill of passkeys in the email field
 * (conditional mediation, where supported). Either way the browser's answer is posted to /signin
 * (intent "passkey"), which starts the session. Needs JavaScript: without it, nothing is shown
 * and the password form is the way in. The WebAuthn library loads after the page (not in its bundle).
 * `divider`: its own "or with email and password" below it, where no provider buttons (and their "or") frame it.
 */
export function PasskeySignIn({ redirectTo, divider }: { redirectTo: string; divider: boolean }) {
  const { t } = useTranslation()
  const hydrated = useHydrated()
  const submit = useSubmit()
  const [busy, setBusy] = useState(false)
  const [problem, setProblem] = useState<string | null>(null)
  const supported = hydrated && supportsWebAuthn()

  const signIn = async (useBrowserAutofill: boolean) => {
    // The query only names the request in logs (and lets the browser tests tell the two apart).
    const options = await fetchPasskeyOptions<PublicKeyCredentialRequestOptionsJSON>(
      useBrowserAutofill ? `${OPTIONS_URL}?mediation=conditional` : OPTIONS_URL,
    )
    if (isRefusal(options)) {
      if (!useBrowserAutofill) setProblem(messageKey(options.message))
      return
    }
    const { startAuthentication } = await webAuthnBrowser()
    const response = await startAuthentication({ optionsJSON: options, useBrowserAutofill })
    submit({ intent: 'passkey', response: JSON.stringify(response), redirectTo }, { method: 'post', action: '/signin' })
  }

  // The autofill: the browser offers the passkeys it holds in the email field's suggestions.
  useEffect(() => {
    if (!supported) return
    let active = true
    void webAuthnBrowser()
      .then(({ browserSupportsWebAuthnAutofill }) => browserSupportsWebAuthnAutofill())
      .then((autofill) => {
        if (!active || !autofill) return
        // A button press replaces this ceremony (it is aborted, which is not an error).
        signIn(true).catch(() => undefined)
      })
      .catch(() => undefined)
    return () => {
      active = false
      // Leaving /signin ends the waiting autofill request.
      void webAuthnBrowser().then(({ WebAuthnAbortService }) => WebAuthnAbortService.cancelCeremony())
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per page view
  }, [supported])

  if (!supported) return null
  return (
    <div className={divider ? 'mb-6 flex flex-col gap-3' : 'flex flex-col gap-3'}>
      {problem ? <Alert tone="error">{t(problem)}</Alert> : null}
      <Button
        type="button"
        variant="secondary"
        pending={busy}
        onClick={() => {
          setBusy(true)
          setProblem(null)
          signIn(false)
            .catch((error: unknown) => setProblem(isCancelled(error) ? 'signin.passkey.cancelled' : 'errors.PASSKEY_INVALID'))
            .finally(() => setBusy(false))
        }}
      >
        {busy ? t('signin.passkey.working') : t('signin.passkey.button')}
      </Button>
      {divider ? <p className="text-center text-sm text-slate-600">{t('signin.passkey.or')}</p> : null}
    </div>
  )
}
