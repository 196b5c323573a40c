import { describe, expect, it } from 'vitest'
import { args, createUser, makeRequest, run, sessionCookieFor } from '../../../tests/support/factories'
import { loader } from './signed-in'

describe('/dev/signed-in', () => {
  it('sends a signed-out visitor to sign in and answers a signed-in user', async () => {
    const anonymous = await run(() => loader(args(makeRequest('/dev/signed-in'))))
    expect(anonymous.status).toBe(302)
    expect(anonymous.headers.get('Location')).toBe('/signin?redirectTo=%2Fdev%2Fsigned-in')

    const cookie = await sessionCookieFor(await createUser())
    expect((await run(() => loader(args(makeRequest('/dev/signed-in', { cookie }))))).status).toBe(200)
  })
})
