import { useEffect, useSyncExternalStore } from 'react'
import { useRootData } from '~/ui/root-data'

/**
 * The header's counts (spec sections 1 and 4): new alerts (the feed's badge and the tab title),
 * and the invitations waiting in the inbox (/invitations): library, group and group-creator ones,
 * each equal to its section of the inbox. The root loader renders them (so the badges
 * and the title are right without JavaScript); in the browser the polling
 * (app/browser/count-polling.tsx) and the feed update them here, and every tab of the user gets
 * the same numbers through a BroadcastChannel (not the storage event, which the idle timer could
 * take for activity).
 */
export interface HeaderCountsData {
  alertsNew: number
  libraryInvitations: number
  studyInvitations: number
  /** Pending group-creator invitations addressed to the user (the inbox's organizations section). */
  organizationInvitations: number
  /** The user's "seen up to" mark as this page knows it: the counts call's `timestamp`. */
  seenAt: string | null
}

const CHANNEL = 'header-counts'
let current: HeaderCountsData | null = null
const listeners = new Set<() => void>()
let channel: BroadcastChannel | null | undefined

function channelOf() {
  if (channel === undefined) {
    channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(CHANNEL)
    channel?.addEventListener('message', (e: MessageEvent<{ counts: HeaderCountsData }>) => {
      lastShared = Date.now()
      apply(e.data.counts)
    })
  }
  return channel
}

/** When another tab last shared fresh counts (it polled, or viewed the feed). */
let lastShared = 0
export const lastSharedAt = () => lastShared

function apply(next: HeaderCountsData) {
  current = next
  for (const listener of listeners) listener()
}

/** New counts in this tab and, unless `local`, in the user's other tabs. */
export function setHeaderCounts(next: HeaderCountsData, options: { local?: boolean } = {}) {
  apply(next)
  if (!options.local) channelOf()?.postMessage({ counts: next })
}

export const currentHeaderCounts = () => current

/**
 * The feed was viewed: nothing is new up to `seenAt`. Invitations still wait (only an answer in
 * the inbox clears them), so their counts stay.
 */
export function markFeedSeen(seenAt: string) {
  if (!current) return
  setHeaderCounts({ ...current, alertsNew: 0, seenAt })
}

/** Every invitation waiting in the inbox: the profile menu's "Invitations" count and the avatar's badge. */
export const inboxTotal = (counts: HeaderCountsData | null) =>
  counts ? counts.studyInvitations + counts.libraryInvitations + (counts.organizationInvitations ?? 0) : 0

const subscribe = (listener: () => void) => {
  channelOf()
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/** The counts to show: the latest known in the browser, else the root loader's. */
export function useHeaderCounts(): HeaderCountsData | null {
  const fromRoot = useRootData()?.counts ?? null
  // The root loader's answer is the newest when it changes (after an action, a language switch).
  useEffect(() => {
    if (fromRoot) setHeaderCounts(fromRoot, { local: true })
  }, [fromRoot])
  return useSyncExternalStore(
    subscribe,
    () => current ?? fromRoot,
    () => fromRoot,
  )
}

/** A count as a badge shows it: "99+" past 99. */
export const badgeText = (count: number) => (count > 99 ? '99+' : String(count))
