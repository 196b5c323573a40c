/**
 * Passive requests: what the page sends on its own, on a timer or when it is hidden, and not
 * because the person did anything (ADR 011). They are answered with the session as usual, but
 * never extend it: the session's idle clock (`sessions.last_seen_at`) and the member's last-seen
 * (`users.last_request_at`) stay as they were, so a tab left open still signs out when idle.
 *
 * A list of paths, decided by the server: the browser cannot make a request passive or active
 * by a header, and a beacon (telemetry when the page closes) could not send one anyway.
 */
export const PASSIVE_PATHS: ReadonlySet<string> = new Set([
  // Header polling every 60 s (spec section 4).
  '/api/v1/feeds/notifications/counts',
  '/api/v1/studies/invitations/count',
  // Version check every 10 minutes and telemetry batches (app/browser/).
  '/api/app-report/check-version',
  '/api/telemetry',
])

/** Whether a request to this path (no query) leaves the session's idle clock alone. */
export const isPassivePath = (path: string) => PASSIVE_PATHS.has(path.length > 1 ? path.replace(/\/+$/, '') : path)
