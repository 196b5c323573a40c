import { useLocation } from '@remix-run/react'
import { useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { BUILD_ID, VERSION_CHECK_INTERVAL_MS, VERSION_CHECK_PATH, type VersionCheckAnswer } from '~/utils/build-id'
import { clearLoopDrafts } from './loop-drafts'
import { hasUnsavedInput } from './unsaved-input'

/**
 * The page's background work besides the idle session (ADR 011), loaded lazily after hydration
 * (root.tsx): the version check every 10 minutes with its banner, and telemetry (its own chunk,
 * with web-vitals, loaded only when the user has not opted out). Both are passive requests: they
 * never extend the session (auth/passive-requests.ts). Signed out (by any path), the device keeps
 * no one's loop drafts (loop-drafts.ts).
 */
export default function BackgroundWork({ telemetry, signedIn }: { telemetry: boolean; signedIn: boolean }) {
  useEffect(() => {
    if (telemetry) void import('./telemetry-start').then((m) => m.startTelemetry())
  }, [telemetry])
  useEffect(() => {
    if (!signedIn) clearLoopDrafts()
  }, [signedIn])
  return <VersionCheck />
}

async function checkVersion(): Promise<VersionCheckAnswer | null> {
  try {
    const res = await fetch(VERSION_CHECK_PATH, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ appVersion: BUILD_ID }),
    })
    return res.ok ? ((await res.json()) as VersionCheckAnswer) : null
  } catch {
    return null
  }
}

/**
 * Recommend: a polite banner offering a reload. Enforce: the page reloads at the next navigation
 * (the new address, with the new build), never while a form holds unsaved input (it waits for a
 * later navigation).
 */
function VersionCheck() {
  const { t } = useTranslation()
  const [answer, setAnswer] = useState<VersionCheckAnswer | null>(null)
  const [dismissed, setDismissed] = useState(false)
  const location = useLocation()
  const shownKey = useRef(location.key)

  useEffect(() => {
    const id = setInterval(() => {
      void checkVersion().then((a) => a && setAnswer(a))
    }, VERSION_CHECK_INTERVAL_MS)
    return () => clearInterval(id)
  }, [])

  useEffect(() => {
    if (location.key === shownKey.current) return
    shownKey.current = location.key
    if (answer?.enforceUpdate && !hasUnsavedInput()) window.location.reload()
  }, [location.key, answer])

  const show = answer?.recommendUpdate && !dismissed
  // The live region is there from the start (screen readers announce what is added to one they
  // know); `data-version-check` also tells support tools and tests that the check is running.
  return (
    <div
      role="status"
      data-version-check=""
      className={show ? 'fixed inset-x-0 bottom-0 z-40 flex justify-center p-4 print:hidden' : 'sr-only'}
    >
      {show ? (
        <div className="flex max-w-xl flex-wrap items-center gap-3 rounded-lg bg-slate-900 px-4 py-3 text-white shadow-lg">
          <p className="flex-1">{t(answer.enforceUpdate ? 'version.required' : 'version.available')}</p>
          <button
            type="button"
            className="rounded-md bg-white px-3 py-1.5 font-medium text-slate-900 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-300"
            onClick={() => window.location.reload()}
          >
            {t('version.reload')}
          </button>
          <button
            type="button"
            className="rounded-md px-3 py-1.5 underline focus:outline-none focus-visible:ring-2 focus-visible:ring-white"
            onClick={() => setDismissed(true)}
          >
            {t('version.later')}
          </button>
        </div>
      ) : null}
    </div>
  )
}
