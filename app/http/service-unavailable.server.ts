import type { ServerBuild } from '@remix-run/node'
import { isDatabaseUnavailable } from '~/db/availability.server'

/** How long a client should wait before it tries again when the database is unreachable. */
export const RETRY_AFTER_SECONDS = 5

/**
 * 503 SERVICE_UNAVAILABLE in the catalogue's shape (`{ message }`) with Retry-After. An API call
 * answers it as it is; a page shows it as the translated error screen (ErrorScreen, status 503),
 * and entry.server.tsx puts the Retry-After on the document and data responses.
 */
export const serviceUnavailable = (data: Record<string, unknown> = {}) =>
  Response.json(
    { message: 'SERVICE_UNAVAILABLE', ...data },
    { status: 503, headers: { 'Retry-After': String(RETRY_AFTER_SECONDS), 'Cache-Control': 'no-store' } },
  )

/**
 * The one place where an unreachable database becomes an answer: every loader and action of the
 * build (pages and API alike) throws serviceUnavailable() instead of the connection error, which
 * Remix would answer with 500. Applied by the server to the build it serves (server/index.ts);
 * apiCall and routeCall, which catch errors before they get here, use serviceUnavailable too.
 */
export function answerOutages(build: ServerBuild): ServerBuild {
  const routes = Object.fromEntries(
    Object.entries(build.routes).map(([id, route]) => {
      const { loader, action } = route.module
      const module = { ...route.module, loader: loader && withOutages(loader), action: action && withOutages(action) }
      return [id, { ...route, module }]
    }),
  )
  return { ...build, routes }
}

function withOutages<A, R>(handler: (args: A) => R): (args: A) => Promise<Awaited<R>> {
  return async (args): Promise<Awaited<R>> => {
    try {
      return await handler(args)
    } catch (error) {
      throw isDatabaseUnavailable(error) ? serviceUnavailable() : error
    }
  }
}
