import { describe, expect, it } from 'vitest'
import { args, createUser, makeRequest, run, sessionCookieFor } from '../tests/support/factories'
import { loader } from './root'

const telemetryOf = async (cookie?: string) => (await run(() => loader(args(makeRequest('/support', { cookie }))))).data.telemetry

describe('the root data', () => {
  it('tells the page whether to send telemetry: not for a user who opted out', async () => {
    expect(await telemetryOf()).toBe(true)
    expect(await telemetryOf(await sessionCookieFor(await createUser()))).toBe(true)
    expect(await telemetryOf(await sessionCookieFor(await createUser({ telemetry_opt_out: 1 })))).toBe(false)
  })
})
