import { onCLS, onFCP, onINP, onLCP, onTTFB, type Metric } from 'web-vitals'
import { BUILD_ID } from '~/utils/build-id'
import { browserTransport, createTelemetry } from './telemetry'
import { routePattern, type VitalName } from '~/utils/telemetry-rules'

let started: ReturnType<typeof createTelemetry> | undefined

/**
 * Starts telemetry for this page load (once): web vitals of the landing route (web-vitals 6: LCP,
 * INP, CLS, FCP, TTFB), uncaught errors and unhandled rejections of the current route, a beacon
 * of what waits when the page is hidden. Loaded lazily by browser/background-work.tsx, after
 * hydration, so none of it weighs on the first route's JavaScript.
 */
export function startTelemetry() {
  if (started) return started
  const telemetry = createTelemetry(BUILD_ID, browserTransport)
  started = telemetry
  const landing = routePattern(location.pathname)
  const vital = (metric: Metric) =>
    telemetry.record({ kind: 'vital', name: metric.name as VitalName, route: landing, value: Math.max(0, metric.value) })
  onLCP(vital)
  onINP(vital)
  onCLS(vital)
  onFCP(vital)
  onTTFB(vital)
  addEventListener('error', (event) => {
    const message = event.error instanceof Error ? `${event.error.name}: ${event.error.message}` : String(event.message || 'error')
    telemetry.record({ kind: 'error', name: 'error', route: routePattern(location.pathname), message })
  })
  addEventListener('unhandledrejection', (event) => {
    const reason: unknown = event.reason
    const message = reason instanceof Error ? `${reason.name}: ${reason.message}` : String(reason)
    telemetry.record({ kind: 'error', name: 'unhandledrejection', route: routePattern(location.pathname), message })
  })
  // web-vitals reports LCP, CLS and INP when the document turns hidden; this listener on window
  // runs after the document's own (the event bubbles), so their figures go in the same beacon.
  addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') telemetry.flush()
  })
  addEventListener('pagehide', () => telemetry.flush())
  // As <html data-hydrated>: support tools and the browser tests can tell telemetry is listening.
  document.documentElement.dataset.telemetry = ''
  return telemetry
}
