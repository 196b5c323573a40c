import type { PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser'
import { useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { fetchPasskeyOptions, isCancelled, isRefusal, supportsWebAuthn, webAuthnBrowser } from '~/browser/passkeys'
import { messageKey } from '~/errors'
import { Alert } from '~/ui/alert'
import { Button } from '~/ui/button'
import { useHydrated } from '~/ui/use-hydrated'

/**
 * "Use a passkey" of /confirm-identity: the ceremony of a passkey sign-in (options from
 * /signin/passkey/options), whose answer is posted to the page (intent "passkey"), which checks
 * that the passkey is the user's own. It needs JavaScript: without it, a note says so (and, when
 * the account has nothing else to prove it with, points to signing in with the passkey again).
 */
export function PasskeyProof({ redirectTo, alone }: { redirectTo: string; alone: boolean }) {
  const { t } = useTranslation()
  const hydrated = useHydrated()
  const form = useRef<HTMLFormElement>(null)
  const answer = useRef<HTMLInputElement>(null)
  const [busy, setBusy] = useState(false)
  const [problem, setProblem] = useState<string | null>(null)
  if (!hydrated || !supportsWebAuthn()) {
    return alone ? <Alert tone="info">{t(hydrated ? 'reauth.passkey.unsupported' : 'reauth.passkey.needsJs')}</Alert> : null
  }
  const prove = async () => {
    const options = await fetchPasskeyOptions<PublicKeyCredentialRequestOptionsJSON>('/signin/passkey/options')
    if (isRefusal(options)) return setProblem(messageKey(options.message))
    const { startAuthentication } = await webAuthnBrowser()
    const response = await startAuthentication({ optionsJSON: options })
    answer.current!.value = JSON.stringify(response)
    // A full page's submission, as the other proofs: the way back may leave the app (a provider's round trip).
    form.current!.submit()
  }
  return (
    <form method="post" ref={form} className="flex flex-col gap-3">
      {problem ? <Alert tone="error">{t(problem)}</Alert> : null}
      <input type="hidden" name="intent" value="passkey" />
      <input type="hidden" name="redirectTo" value={redirectTo} />
      <input type="hidden" name="response" ref={answer} />
      <div>
        <Button
          type="button"
          pending={busy}
          onClick={() => {
            setBusy(true)
            setProblem(null)
            prove()
              .catch((error: unknown) => setProblem(isCancelled(error) ? 'reauth.passkey.cancelled' : 'errors.PASSKEY_INVALID'))
              .finally(() => setBusy(false))
          }}
        >
          {busy ? t('reauth.passkey.working') : t('reauth.passkey.button')}
        </Button>
      </div>
    </form>
  )
}
