import { data } from '@remix-run/node'
import { isDatabaseUnavailable } from '~/db/availability.server'
import { DomainError } from '~/errors'
import type { RouteFailure } from '~/ui/route-failure'
import { serviceUnavailable } from './service-unavailable.server'

/**
 * Runs a route's service calls. A thrown Response (a redirect, orNotFound's 404) passes through;
 * any other failure becomes the screen's list message `message` (a key such as 'groups.loadError'),
 * with the catalogue status of a DomainError or 500, and is logged when unexpected.
 * RouteErrorBoundary shows it with "Try again?". An unreachable database is the 503 error screen
 * (serviceUnavailable), as on every page.
 */
export async function orRouteFailure<T>(message: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call()
  } catch (error) {
    if (error instanceof Response) throw error
    if (isDatabaseUnavailable(error)) throw serviceUnavailable()
    if (!(error instanceof DomainError)) console.error(error)
    throw data<RouteFailure>({ failure: message }, { status: error instanceof DomainError ? error.status : 500 })
  }
}
