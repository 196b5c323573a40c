import { useNavigation } from '@remix-run/react'
import { useEffect, useRef } from 'react'
import { currentHeaderCounts, lastSharedAt, setHeaderCounts, type HeaderCountsData } from '~/ui/layout/header-counts'

/** Header polling (spec sections 4 and 9). */
export const POLL_EVERY_MS = 60_000

const ALERTS = '/api/v1/feeds/notifications/counts'
const LIBRARY = '/api/v1/feeds/notifications/counts?domain=package&type=package.invitation.new'
const STUDIES = '/api/v1/studies/invitations/count'

class SessionEnded extends Error {}

/**
 * One count call. A polled call is passive on the server (it never extends the session) and
 * nothing here touches the idle timer's events. SESSION_NOT_FOUND ends the page's session; any
 * other failure (403, 404, 500, no network) is logged and changes nothing (spec section 8).
 */
async function getCount<T>(url: string): Promise<T | null> {
  try {
    const res = await fetch(url, { headers: { 'X-Requested-With': 'fetch', Accept: 'application/json' }, credentials: 'same-origin' })
    if (res.ok) return (await res.json()) as T
    const body = (await res.json().catch(() => null)) as { message?: string } | null
    if (body?.message === 'SESSION_NOT_FOUND') throw new SessionEnded()
    console.warn(`Header counts: ${url} answered ${res.status}`)
  } catch (error) {
    if (error instanceof SessionEnded) throw error
    console.warn(`Header counts: ${url} failed`, error)
  }
  return null
}

/** Asks the three counts and shares what came back with the user's other tabs. */
async function poll() {
  const known = currentHeaderCounts()
  const timestamp = known?.seenAt ? `?timestamp=${encodeURIComponent(known.seenAt)}` : ''
  const [alerts, library, studies] = await Promise.all([
    getCount<{ new: number; old: number }>(`${ALERTS}${timestamp}`),
    getCount<{ count: number }>(LIBRARY),
    getCount<{ count: number; groupCreator?: number }>(STUDIES),
  ])
  if (!alerts && !library && !studies) return
  const base: HeaderCountsData = currentHeaderCounts() ?? {
    alertsNew: 0,
    libraryInvitations: 0,
    studyInvitations: 0,
    organizationInvitations: 0,
    seenAt: null,
  }
  setHeaderCounts({
    ...base,
    alertsNew: alerts ? alerts.new : base.alertsNew,
    libraryInvitations: library ? library.count : base.libraryInvitations,
    studyInvitations: studies ? studies.count : base.studyInvitations,
    organizationInvitations: studies?.groupCreator ?? base.organizationInvitations,
  })
}

/**
 * Refreshes the header's counts every 60 s while the tab is visible, and at once when it becomes
 * visible again. A tab that another tab's poll reached within the minute skips its own, so the
 * user's tabs together ask about once a minute. Loaded lazily, for signed-in users only.
 */
export default function CountPolling() {
  // A navigation under way (the idle dialog's sign-out, a link whose loader finds the session
  // gone) goes where it goes: a poll that finds the session ended then does not go elsewhere.
  const navigation = useNavigation()
  const navigating = useRef(false)
  navigating.current = navigation.state !== 'idle'
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined
    let stopped = false
    const run = async (force: boolean) => {
      if (stopped || document.visibilityState !== 'visible') return
      if (force || Date.now() - lastSharedAt() >= POLL_EVERY_MS - 1000) {
        try {
          await poll()
        } catch (error) {
          if (!(error instanceof SessionEnded)) throw error
          if (stopped || navigating.current) return
          stopped = true
          const here = `${window.location.pathname}${window.location.search}`
          window.location.assign(`/signout?reason=expired&redirectTo=${encodeURIComponent(here)}`)
          return
        }
      }
      schedule()
    }
    const schedule = () => {
      clearTimeout(timer)
      if (!stopped) timer = setTimeout(() => void run(false), POLL_EVERY_MS)
    }
    const onVisibility = () => {
      if (document.visibilityState === 'visible') void run(true)
      else clearTimeout(timer)
    }
    schedule()
    document.addEventListener('visibilitychange', onVisibility)
    // The first poll is armed (tests that move the clock wait for this; the chunk loads after hydration).
    document.documentElement.dataset.countPolling = ''
    return () => {
      stopped = true
      clearTimeout(timer)
      document.removeEventListener('visibilitychange', onVisibility)
      delete document.documentElement.dataset.countPolling
    }
  }, [])
  return null
}
