import type { LoaderFunctionArgs } from '@remix-run/node'
import { databaseReady } from '~/db/availability.server'
import { db } from '~/db/db.server'
import { methodNotAllowed } from '~/errors'
import { serviceUnavailable } from '~/http/service-unavailable.server'
import { isShuttingDown } from '~/utils/shutdown-state'

const NO_STORE = { 'Cache-Control': 'no-store' }

/**
 * GET /healthz: liveness for load balancers (and the minimal route of the benchmark). It never
 * touches the database, so the process counts as alive while the database is down: restarting
 * it would not help, it reconnects by itself.
 *
 * GET /healthz?ready=1: readiness, whether this process can serve requests now: 200
 * `{ status: 'ok', database: 'up' }`, or 503 SERVICE_UNAVAILABLE with Retry-After and
 * `database: 'down'` when the database does not answer within a second.
 *
 * Both answer 503 SERVICE_UNAVAILABLE with Retry-After and `shutting_down: true` once the process
 * is shutting down (SIGTERM; utils/shutdown-state.ts), so a load balancer stops sending it traffic
 * while the requests in progress finish; every other path is still served until the grace period ends.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  if (isShuttingDown()) return serviceUnavailable({ shutting_down: true })
  if (!new URL(request.url).searchParams.has('ready')) return new Response('ok', { headers: { 'Content-Type': 'text/plain', ...NO_STORE } })
  if (await databaseReady(db())) return Response.json({ status: 'ok', database: 'up' }, { headers: NO_STORE })
  return serviceUnavailable({ database: 'down' })
}

/** Any other method: 405 with Allow (without an action, Remix would answer its own error). */
export const action = () => methodNotAllowed('GET, HEAD')
