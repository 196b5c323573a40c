/**
 * Whether this process is shutting down: the one place that says so. The server marks it when
 * SIGTERM or SIGINT starts the graceful shutdown (server/lifecycle.ts, through the app's entry
 * module, app/entry.server.tsx: the built app has its own copy of every app module, so the server
 * must set the flag in the copy the routes read); GET /healthz then answers 503 so that load
 * balancers stop routing here while the requests in progress finish. No imports.
 */
let shuttingDown = false

/** Marks the process as shutting down (for good: a process never stops shutting down). */
export function beginShutdown() {
  shuttingDown = true
}

export const isShuttingDown = () => shuttingDown
