import { describe, expect, it, vi } from 'vitest'
import { DomainError } from '~/errors'
import { unreachableDatabaseError } from '../../tests/support/db-faults'
import { orRouteFailure } from './route-failure.server'

const thrownBy = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: unknown) => error,
  )

describe('orRouteFailure', () => {
  it("answers a domain error with the list's message and the catalogue status", async () => {
    const thrown = await thrownBy(orRouteFailure('groups.loadError', () => Promise.reject(new DomainError('FORBIDDEN'))))
    expect(thrown).toMatchObject({ data: { failure: 'groups.loadError' }, init: { status: 403 } })
  })

  it('answers an unreachable database with 503 SERVICE_UNAVAILABLE and Retry-After, not a logged 500', async () => {
    const logged = vi.spyOn(console, 'error')
    const outage = await unreachableDatabaseError()
    const thrown = await thrownBy(orRouteFailure('groups.loadError', () => Promise.reject(outage)))
    expect(thrown).toBeInstanceOf(Response)
    const response = thrown as Response
    expect([response.status, response.headers.get('Retry-After'), await response.json()]).toEqual([503, '5', { message: 'SERVICE_UNAVAILABLE' }])
    expect(logged).not.toHaveBeenCalled()
  })
})
