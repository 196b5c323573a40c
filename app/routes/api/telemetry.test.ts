import { describe, expect, it } from 'vitest'
import { TELEMETRY_PER_CLIENT } from '~/services/platform/telemetry.server'
import { db } from '~/db/db.server'
import { args, createUser, makeRequest, sessionCookieFor } from '../../../tests/support/factories'
import * as telemetryApi from './telemetry'

const vital = (i = 0) => ({ kind: 'vital', name: 'LCP', route: '/organizations/:id', value: 1000 + i })
const batch = (events: unknown[] = [vital()]) => ({ appVersion: '0.1.0+test', events })

async function post(body: string, init: { type?: string; cookie?: string; clientIp?: string } = {}) {
  const headers: Record<string, string> = { 'Content-Type': init.type ?? 'application/json' }
  if (init.cookie) headers.Cookie = init.cookie
  const request = new Request('http://localhost:3000/api/telemetry', { method: 'POST', headers, body })
  const a = args(request)
  if (init.clientIp) a.context.clientIp = init.clientIp
  try {
    return (await telemetryApi.action(a)) as Response
  } catch (error) {
    if (error instanceof Response) return error
    throw error
  }
}
const stored = async (route: string) =>
  db().selectFrom('telemetry_events').selectAll().where('route', '=', route).orderBy('kind').orderBy('value').execute()

describe('POST /api/telemetry', () => {
  it('stores a batch of vitals and errors and answers 204, signed out too', async () => {
    const route = '/t/stores'
    const res = await post(
      JSON.stringify(
        batch([
          { kind: 'vital', name: 'CLS', route, value: 0.05 },
          { kind: 'error', name: 'error', route, message: 'TypeError: x is undefined' },
        ]),
      ),
    )
    expect(res.status).toBe(204)
    const rows = await stored(route)
    expect(rows.map((r) => [r.kind, r.name, r.value, r.message, r.app_version])).toEqual([
      ['error', 'error', null, 'TypeError: x is undefined', '0.1.0+test'],
      ['vital', 'CLS', 0.05, null, '0.1.0+test'],
    ])
  })

  it('stores a full batch of 100 with distinct ids of the entity shape', async () => {
    const route = '/t/full-batch'
    const res = await post(JSON.stringify(batch(Array.from({ length: 100 }, (_, i) => ({ ...vital(i), route })))))
    expect(res.status).toBe(204)
    const ids = (await stored(route)).map((r) => r.id)
    expect(ids).toHaveLength(100)
    expect(new Set(ids).size).toBe(100)
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{24}$/)
  })

  it('takes a beacon: JSON sent as text/plain; other types are 415', async () => {
    const route = '/t/beacon'
    expect((await post(JSON.stringify(batch([{ ...vital(), route }])), { type: 'text/plain;charset=UTF-8' })).status).toBe(204)
    expect(await stored(route)).toHaveLength(1)
    const form = await post('a=1', { type: 'application/x-www-form-urlencoded' })
    expect(form.status).toBe(415)
    expect(await form.json()).toEqual({ message: 'UNSUPPORTED_MEDIA_TYPE' })
  })

  it('validates: names, routes, values, at most 100 events; 400 with the issues', async () => {
    const bad = [
      batch([]),
      batch(Array.from({ length: 101 }, (_, i) => vital(i))),
      batch([{ kind: 'vital', name: 'FID', route: '/', value: 1 }]),
      batch([{ kind: 'vital', name: 'LCP', route: 'no-slash', value: 1 }]),
      batch([{ kind: 'vital', name: 'LCP', route: '/', value: -1 }]),
      batch([{ kind: 'error', name: 'error', route: '/', message: 'x'.repeat(501) }]),
      { events: [vital()] },
    ]
    for (const body of bad) {
      const res = await post(JSON.stringify(body))
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400)
      expect((await res.json()).message).toBe('BAD_REQUEST')
    }
    expect((await post('{not json', { type: 'text/plain' })).status).toBe(400)
    expect((await post(JSON.stringify(batch(Array.from({ length: 100 }, (_, i) => ({ ...vital(i), route: '/t/hundred' })))))).status).toBe(
      204,
    )
    expect(await stored('/t/hundred')).toHaveLength(100)
  })

  it('refuses a body over 64 KiB with 413', async () => {
    const message = 'x'.repeat(500)
    const events = Array.from({ length: 100 }, () => ({ kind: 'error', name: 'error', route: `/${'r'.repeat(190)}`, message }))
    const body = JSON.stringify(batch(events))
    expect(body.length).toBeGreaterThan(64 * 1024)
    const res = await post(body)
    expect(res.status).toBe(413)
    expect(await res.json()).toEqual({ message: 'PAYLOAD_TOO_LARGE' })
  })

  it('is rate-limited per client: 429 with retryAt, other clients unaffected', async () => {
    const clientIp = '10.99.1.1'
    await db()
      .insertInto('rate_limits')
      .values({
        key: `telemetry:client:${clientIp}`,
        failures: TELEMETRY_PER_CLIENT.freeFailures,
        first_failure_at: new Date().toISOString(),
        blocked_until: null,
      })
      .execute()
    // The attempt over the free ones sets the block and still goes ahead; the next is refused.
    expect((await post(JSON.stringify(batch()), { clientIp })).status).toBe(204)
    const refused = await post(JSON.stringify(batch()), { clientIp })
    expect(refused.status).toBe(429)
    expect(await refused.json()).toMatchObject({ message: 'TOO_MANY_ATTEMPTS', retryAt: expect.any(String) })
    expect((await post(JSON.stringify(batch()), { clientIp: '10.99.1.2' })).status).toBe(204)
  })

  it('a user who opted out gets 403 and nothing is stored', async () => {
    const user = await createUser({ telemetry_opt_out: 1 })
    const route = '/t/opted-out'
    const res = await post(JSON.stringify(batch([{ ...vital(), route }])), { cookie: await sessionCookieFor(user) })
    expect(res.status).toBe(403)
    expect(await stored(route)).toHaveLength(0)
  })

  it('answers GET with 405', async () => {
    expect(((await telemetryApi.loader(args(makeRequest('/api/telemetry')))) as Response).status).toBe(405)
  })
})
