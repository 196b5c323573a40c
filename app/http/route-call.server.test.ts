import { describe, expect, it, vi } from 'vitest'
import { DomainError } from '~/errors'
import { unreachableDatabaseError } from '../../tests/support/db-faults'
import { routeCall } from './route-call.server'
import { readToast } from './toast.server'

const thrownBy = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: unknown) => error,
  )
const failing = (code: ConstructorParameters<typeof DomainError>[0], data?: Record<string, unknown>) => () =>
  Promise.reject(new DomainError(code, data))

/** The toast a thrown redirect carries, read back as the next page would. */
async function toastOf(response: Response) {
  const request = new Request('http://localhost/', { headers: { Cookie: response.headers.get('Set-Cookie') ?? '' } })
  return (await readToast(request)).toast
}

describe('routeCall', () => {
  it('answers with what the call returns', async () => {
    expect(await routeCall(() => Promise.resolve(7), { failure: 'groups.loadError' })).toBe(7)
  })

  it("answers a domain error with the list's message and the catalogue status", async () => {
    const thrown = await thrownBy(routeCall(failing('FORBIDDEN'), { failure: 'groups.loadError' }))
    expect(thrown).toMatchObject({ data: { failure: 'groups.loadError' }, init: { status: 403 } })
  })

  it('answers an unreachable database with 503 SERVICE_UNAVAILABLE and Retry-After, not a logged 500', async () => {
    const logged = vi.spyOn(console, 'error')
    const outage = await unreachableDatabaseError()
    const thrown = await thrownBy(routeCall(() => Promise.reject(outage), { failure: 'groups.loadError' }))
    expect(thrown).toBeInstanceOf(Response)
    const response = thrown as Response
    expect([response.status, response.headers.get('Retry-After'), await response.json()]).toEqual([
      503,
      '5',
      { message: 'SERVICE_UNAVAILABLE' },
    ])
    expect(logged).not.toHaveBeenCalled()
  })

  it("shows the screen's not-found codes as the 404 page, and only those", async () => {
    const notFound = await thrownBy(
      routeCall(failing('GROUP_NOT_FOUND'), { notFound: ['GROUP_NOT_FOUND'], failure: 'groupHome.loadError' }),
    )
    expect((notFound as Response).status).toBe(404)
    const other = await thrownBy(routeCall(failing('MEMBER_NOT_FOUND'), { notFound: ['GROUP_NOT_FOUND'], failure: 'groupHome.loadError' }))
    expect(other).toMatchObject({ data: { failure: 'groupHome.loadError' }, init: { status: 404 } })
  })

  it('without a failure message, lets any other error go on as it is', async () => {
    const error = new DomainError('FORBIDDEN')
    expect(await thrownBy(routeCall(() => Promise.reject(error), { notFound: ['USER_NOT_FOUND'] }))).toBe(error)
  })

  it('sends STRONG_AUTH_REQUIRED to its setup page when the screen asks, else leaves it be', async () => {
    const stepUp = failing('STRONG_AUTH_REQUIRED', { setupUrl: '/users/u1/preferences/security?redirectTo=%2F' })
    const redirected = (await thrownBy(routeCall(stepUp, { stepUp: true }))) as Response
    expect([redirected.status, redirected.headers.get('Location')]).toEqual([302, '/users/u1/preferences/security?redirectTo=%2F'])
    expect(await thrownBy(routeCall(stepUp, {}))).toBeInstanceOf(DomainError)
  })

  it('turns a refused change into an error toast back on the screen, worded by the screen where it says so', async () => {
    const options = {
      toast: { to: '/groups/g1', keys: { IS_GROUP_OWNER: 'groupHome.errors.IS_GROUP_OWNER' } },
      failure: 'groupHome.updateError',
    }
    const refused = (await thrownBy(routeCall(failing('LAST_ADMIN'), options))) as Response
    expect([refused.status, refused.headers.get('Location')]).toEqual([302, '/groups/g1'])
    expect(await toastOf(refused)).toMatchObject({ key: 'errors.LAST_ADMIN', type: 'error' })
    expect(await toastOf((await thrownBy(routeCall(failing('IS_GROUP_OWNER'), options))) as Response)).toMatchObject({
      key: 'groupHome.errors.IS_GROUP_OWNER',
    })
    // A server failure is never a toast.
    expect(await thrownBy(routeCall(failing('SERVER_ERROR'), options))).toMatchObject({ data: { failure: 'groupHome.updateError' } })
  })

  it("passes the error's strings to the toast's message when the screen asks (withData)", async () => {
    const refused = failing('ALREADY_ADDED_TO_GROUP', { name: 'Bild 7A', count: 3 })
    const toast = await toastOf((await thrownBy(routeCall(refused, { toast: { to: '/invitations', withData: true } }))) as Response)
    expect(toast).toMatchObject({ key: 'errors.ALREADY_ADDED_TO_GROUP', values: { name: 'Bild 7A' } })
    expect(toast?.values).not.toHaveProperty('count')
    expect((await toastOf((await thrownBy(routeCall(refused, { toast: { to: '/invitations' } }))) as Response))?.values).toBeUndefined()
  })

  it('toasts only the codes given, when given', async () => {
    const options = { toast: { to: '/x', codes: ['ORGANIZATION_INACTIVE'] as const }, failure: 'groups.updateError' }
    expect(await thrownBy(routeCall(failing('ORGANIZATION_INACTIVE'), options))).toBeInstanceOf(Response)
    expect(await thrownBy(routeCall(failing('LAST_ADMIN'), options))).toMatchObject({ data: { failure: 'groups.updateError' } })
  })

  it('passes a thrown Response through', async () => {
    const response = new Response(null, { status: 302 })
    expect(await thrownBy(routeCall(() => Promise.reject(response), { failure: 'groups.loadError', toast: { to: '/' } }))).toBe(response)
  })
})
