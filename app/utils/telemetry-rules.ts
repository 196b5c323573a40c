/**
 * Telemetry rules shared by the browser's batcher (browser/telemetry.ts) and the endpoint
 * (routes/api/telemetry.ts): the spec's section 9 monitoring constants and web-vitals thresholds.
 * No imports: this file is part of the lazily loaded telemetry chunk.
 */

/** Dispatch a batch every 5 s. */
export const DISPATCH_INTERVAL_MS = 5_000
/** At most 100 events a batch. */
export const BATCH_LIMIT = 100
/** At most 200 events waiting in the browser; newer ones are dropped beyond that. */
export const CACHE_LIMIT = 200
/** At most 200 events a page session (a page load): a page in an error loop stops reporting. */
export const SESSION_EVENT_LIMIT = 200
/** A failed batch (429, 5xx, network) is tried again twice, after 2 s and 4 s. */
export const MAX_RETRIES = 2
export const RETRY_BASE_MS = 2_000
/** A request not answered within 10 s is abandoned (and retried as a failure). */
export const REQUEST_TIMEOUT_MS = 10_000
/**
 * The largest body the endpoint takes, and what a beacon may carry: browsers give all of a page's
 * beacons in flight ~64 KiB together, so one batch stays within that.
 */
export const MAX_BATCH_BYTES = 64 * 1024
/** Longest error message kept (characters); longer ones are cut by the browser and refused by the server. */
export const MAX_MESSAGE_CHARS = 500
export const MAX_ROUTE_CHARS = 200

export const TELEMETRY_PATH = '/api/telemetry'

export const VITAL_NAMES = ['LCP', 'INP', 'CLS', 'FCP', 'TTFB'] as const
export type VitalName = (typeof VITAL_NAMES)[number]
export const ERROR_NAMES = ['error', 'unhandledrejection'] as const
export type ErrorName = (typeof ERROR_NAMES)[number]

/**
 * Good/poor thresholds: at or below `good` is good, above `poor` is poor. FCP, LCP and CLS are the
 * spec's (section 9); INP and TTFB, which it does not list, are web-vitals' own (its FID row is gone
 * from web-vitals 6, INP replaced it). Milliseconds, except CLS (a score).
 */
export const VITAL_THRESHOLDS: Record<VitalName, { good: number; poor: number }> = {
  FCP: { good: 1800, poor: 3000 },
  LCP: { good: 2500, poor: 4000 },
  CLS: { good: 0.1, poor: 0.25 },
  INP: { good: 200, poor: 500 },
  TTFB: { good: 800, poor: 1800 },
}

export type Rating = 'good' | 'needs-improvement' | 'poor'
export function ratingOf(name: VitalName, value: number): Rating {
  const { good, poor } = VITAL_THRESHOLDS[name]
  return value <= good ? 'good' : value <= poor ? 'needs-improvement' : 'poor'
}

export type TelemetryEvent =
  { kind: 'vital'; name: VitalName; route: string; value: number } | { kind: 'error'; name: ErrorName; route: string; message: string }

/** What the browser posts: the build it runs and the events. */
export interface TelemetryBatch {
  appVersion: string
  events: TelemetryEvent[]
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
const HEX_ID = /^[0-9a-f]{16,}$/i
const NUMBER = /^\d+$/
/** A long token with digits (a share link, a base64url id): no route segment of ours looks like that. */
const TOKEN = /^(?=.*\d)[\w-]{16,}$/

/**
 * The route pattern of a path: segments that are ids (UUIDs, our 24-hex ids, numbers, long tokens
 * with digits) become `:id`, so no telemetry row names an organization, a user or a package. The
 * query and hash are dropped.
 */
export function routePattern(pathname: string): string {
  const path = pathname.split(/[?#]/)[0] || '/'
  const redacted = path
    .split('/')
    .map((segment) => {
      let s = segment
      try {
        s = decodeURIComponent(segment)
      } catch {
        // keep it as it came
      }
      return UUID.test(s) || HEX_ID.test(s) || NUMBER.test(s) || TOKEN.test(s) ? ':id' : segment
    })
    .join('/')
  return redacted.slice(0, MAX_ROUTE_CHARS)
}
