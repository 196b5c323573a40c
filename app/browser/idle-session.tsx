import { useSubmit } from '@remix-run/react'
import { useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useIdleTimer } from 'react-idle-timer'
import { Dialog } from '~/ui/dialog'

/** The warning opens when this much is left (spec section 9). */
const PROMPT_SECONDS = 60
/** While the user is active, the server's idle clock is refreshed at most this often. */
const KEEPALIVE_EVERY_MS = 60_000

async function keepAlive() {
  const res = await fetch('/session/keepalive', { method: 'POST' })
  return res.status !== 401
}

/**
 * The idle-session warning (spec section 4): idle for the user's autoSignout time, a dialog in
 * the last 60 s offers to stay or sign out; at zero the page signs out (POST /signout). State is shared
 * across tabs, so extending or signing out in one tab closes the dialog in the others.
 */
export default function IdleSession({ timeoutSeconds }: { timeoutSeconds: number }) {
  const { t } = useTranslation()
  const submit = useSubmit()
  const dialogRef = useRef<HTMLDialogElement>(null)
  const [open, setOpen] = useState(false)
  const [remaining, setRemaining] = useState(PROMPT_SECONDS)
  const lastKeepAlive = useRef(Date.now())

  // Once signing out, nothing else may start: closing the dialog returns the focus, which counts
  // as activity, and a keep-alive sent then would find the session gone and sign out again.
  const signingOut = useRef(false)
  // A POST from this page: GET /signout only offers a button (another site may link to it).
  const signOut = (reason: 'idle' | 'expired') => {
    if (signingOut.current) return
    signingOut.current = true
    submit({ reason }, { method: 'post', action: '/signout', replace: true })
  }

  const timer = useIdleTimer({
    timeout: timeoutSeconds * 1000,
    promptBeforeIdle: Math.min(PROMPT_SECONDS, timeoutSeconds - 1) * 1000,
    throttle: 500,
    crossTab: true,
    syncTimers: 200,
    onPrompt: () => setOpen(true),
    onIdle: () => {
      setOpen(false)
      signOut('idle')
    },
    onActive: () => setOpen(false),
    onAction: () => {
      if (signingOut.current || Date.now() - lastKeepAlive.current < KEEPALIVE_EVERY_MS) return
      lastKeepAlive.current = Date.now()
      void keepAlive().then((alive) => alive || signOut('expired'))
    },
    onMessage: (message: string) => {
      if (message === 'signout') signOut('idle')
    },
  })

  useEffect(() => {
    const dialog = dialogRef.current
    if (!dialog) return
    if (open && !dialog.open) dialog.showModal()
    if (!open && dialog.open) dialog.close()
    if (!open) return
    const tick = setInterval(() => setRemaining(Math.ceil(timer.getRemainingTime() / 1000)), 500)
    return () => clearInterval(tick)
  }, [open, timer])

  const extend = async () => {
    timer.activate()
    lastKeepAlive.current = Date.now()
    if (!(await keepAlive())) signOut('expired')
  }

  return (
    <Dialog
      dialogRef={dialogRef}
      labelledBy="idle-title"
      width="confirm"
      onCancel={(e) => {
        e.preventDefault()
        void extend()
      }}
    >
      <h2 id="idle-title" className="mb-2 text-lg font-semibold">
        {t('idle.title')}
      </h2>
      <p className="mb-4 text-slate-700" aria-live="polite">
        {t('idle.body', { minutes: Math.round(timeoutSeconds / 60), seconds: remaining })}
      </p>
      <div className="flex justify-end gap-2">
        <button
          type="button"
          className="rounded-md border border-slate-300 px-4 py-2"
          onClick={() => {
            timer.message('signout', false)
            signOut('idle')
          }}
        >
          {t('idle.signout')}
        </button>
        <button type="button" className="rounded-md bg-brand-600 px-4 py-2 font-medium text-white" onClick={() => void extend()}>
          {t('idle.extend')}
        </button>
      </div>
    </Dialog>
  )
}
