import { useSubmit } from '@remix-run/react'
import { useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useIdleTimer } from 'react-idle-timer'
import { Dialog } from '~/ui/dialog'
import { createCountdown, tabsChannel, type Countdown } from './countdown'

/** The warning opens when this much is left (spec section 9). */
const PROMPT_SECONDS = 60
/** While the user is active, the server's idle clock is refreshed at most this often. */
const KEEPALIVE_EVERY_MS = 60_000

async function keepAlive() {
  const res = await fetch('/session/keepalive', { method: 'POST' })
  return res.status !== 401
}

type SignOutReason = 'idle' | 'expired' | 'chosen'

/**
 * The idle-session warning (spec sections 4 and 9, ADR 011). The user's autoSignout time without
 * activity (react-idle-timer, shared across tabs) opens a dialog in the last 60 s: it says how long
 * the user has been idle and counts down (browser/countdown.ts, its commands shared across tabs).
 * Extend (initial focus) resets the timer here, in every tab and on the server; Sign out signs out.
 * At zero the page POSTs /signout with reason "idle" and the page it is on as `redirectTo` (the
 * sign-in page then says why, and signing in returns there); a user who chose to sign out is not
 * told that. Known traps of react-idle-timer 5.7, covered here:
 * - #407: `crossTab` is set at mount and never changed (a new timeout remounts this, see its key);
 * - #286: activity while the dialog is open counts for nothing (no keep-alive either) until Extend;
 * - #388: a computer that wakes after the deadline signs out instead of prompting.
 */
export default function IdleSession({ timeoutSeconds }: { timeoutSeconds: number }) {
  const { t } = useTranslation()
  const submit = useSubmit()
  const dialogRef = useRef<HTMLDialogElement>(null)
  const extendRef = useRef<HTMLButtonElement>(null)
  const timeoutMs = timeoutSeconds * 1000
  const promptMs = Math.min(PROMPT_SECONDS, timeoutSeconds - 1) * 1000
  const [open, setOpen] = useState(false)
  const [remainingMs, setRemainingMs] = useState(promptMs)
  const [idleMinutes, setIdleMinutes] = useState(1)
  const lastKeepAlive = useRef(Date.now())
  const mountedAt = useRef(Date.now())
  const countdown = useRef<Countdown | null>(null)

  // Once signing out, nothing else may start: closing the dialog returns the focus, which counts
  // as activity, and a keep-alive sent then would find the session gone and sign out again.
  const signingOut = useRef(false)
  // A POST from this page: GET /signout only offers a button (another site may link to it).
  const signOut = (reason: SignOutReason) => {
    if (signingOut.current) return
    signingOut.current = true
    setOpen(false)
    // After sign-out the timers are removed: nothing counts or syncs in this tab any more.
    timer.pause()
    countdown.current?.dispose()
    // Signed out by the timer, the user signs in again where they were (/signin?redirectTo=…).
    const here = `${window.location.pathname}${window.location.search}`
    submit(reason === 'chosen' ? {} : { reason, redirectTo: here }, { method: 'post', action: '/signout', replace: true })
  }

  const idleMsNow = () => Date.now() - (timer.getLastActiveTime()?.getTime() ?? mountedAt.current)

  const timer = useIdleTimer({
    timeout: timeoutMs,
    promptBeforeIdle: promptMs,
    throttle: 500,
    crossTab: true,
    syncTimers: 200,
    onPrompt: () => {
      if (signingOut.current) return
      const idleMs = idleMsNow()
      // #388: the prompt's timer fired late because the computer slept past the deadline.
      if (idleMs >= timeoutMs) return signOut('idle')
      setIdleMinutes(Math.max(1, Math.round(idleMs / 60_000)))
      setOpen(true)
      // The first tab to prompt starts the countdown for all (a second start is refused as illegal).
      countdown.current?.send('start', Math.max(0, timeoutMs - idleMs))
    },
    onIdle: () => signOut('idle'),
    onActive: () => setOpen(false),
    onAction: () => {
      // #286: while the dialog is open, moving the mouse is not an answer to it.
      if (signingOut.current || timer.isPrompted() || Date.now() - lastKeepAlive.current < KEEPALIVE_EVERY_MS) return
      lastKeepAlive.current = Date.now()
      void keepAlive().then((alive) => alive || signOut('expired'))
    },
    onMessage: (message: string) => {
      if (message === 'signout') signOut('chosen')
    },
  })

  useEffect(() => {
    const c = createCountdown({
      durationMs: promptMs,
      channel: tabsChannel('idle-session-countdown'),
      onChange: (state, ms) => {
        setRemainingMs(ms)
        if (state === 'COMPLETED') signOut('idle')
        // Extended in another tab: this tab's dialog closes and its idle time starts again.
        if (state === 'STOPPED' && !signingOut.current) {
          setOpen(false)
          if (timer.isPrompted()) timer.activate()
        }
      },
    })
    countdown.current = c
    return () => c.dispose()
    // The countdown lives as long as this component (its props never change: see the key).
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per mount, see above
  }, [])

  useEffect(() => {
    const dialog = dialogRef.current
    if (!dialog) return
    if (open && !dialog.open) {
      dialog.showModal()
      extendRef.current?.focus()
    }
    if (!open && dialog.open) dialog.close()
  }, [open])

  const extend = async () => {
    countdown.current?.send('stop')
    timer.activate()
    setOpen(false)
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
      <p className="mb-4 text-slate-700">{t('idle.body', { count: idleMinutes, seconds: Math.ceil(remainingMs / 1000) })}</p>
      <div className="flex flex-wrap justify-end gap-2">
        <button
          type="button"
          className="rounded-md border border-slate-300 px-4 py-2"
          onClick={() => {
            timer.message('signout', false)
            signOut('chosen')
          }}
        >
          {t('idle.signout')}
        </button>
        {/* Initial focus (autoFocus for the dialog's own focusing step, and set when it opens). */}
        <button
          ref={extendRef}
          type="button"
          autoFocus
          className="rounded-md bg-brand-600 px-4 py-2 font-medium text-white"
          onClick={() => void extend()}
        >
          {t('idle.extend')}
        </button>
      </div>
    </Dialog>
  )
}
