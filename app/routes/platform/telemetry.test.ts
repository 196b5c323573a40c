import { describe, expect, it } from 'vitest'
import { db } from '~/db/db.server'
import { newId } from '~/utils/ids.server'
import { args, createUser, makeRequest, run, sessionCookieFor } from '../../../tests/support/factories'
import { loader } from './telemetry'

const PATH = '/platform/telemetry'
const load = (cookie?: string) => run(() => loader(args(makeRequest(PATH, { cookie }))))

describe('/platform/telemetry', () => {
  it('is for platform admins only: signed out goes to sign in, anyone else gets 404', async () => {
    const anonymous = await load()
    expect(anonymous.status).toBe(302)
    expect(anonymous.headers.get('Location')).toBe(`/signin?redirectTo=${encodeURIComponent(PATH)}`)
    expect((await load(await sessionCookieFor(await createUser()))).status).toBe(404)
  })

  it('shows admins the p75 per route and vital and the latest errors', async () => {
    const admin = await createUser({ is_platform_admin: 1 })
    const at = new Date().toISOString()
    const row = (kind: 'vital' | 'error', name: string, value: number | null, message: string | null) => ({
      id: newId(),
      kind,
      name,
      route: '/page/route-test',
      value,
      message,
      app_version: '0.1.0+t',
      created_at: at,
    })
    await db()
      .insertInto('telemetry_events')
      .values([row('vital', 'TTFB', 100, null), row('vital', 'TTFB', 900, null), row('error', 'unhandledrejection', null, 'Error: boom')])
      .execute()
    const { status, data } = await load(await sessionCookieFor(admin))
    expect(status).toBe(200)
    expect(data.vitals.find((v: { route: string }) => v.route === '/page/route-test')).toEqual({
      route: '/page/route-test',
      name: 'TTFB',
      p75: 900,
      count: 2,
      rating: 'needs-improvement',
    })
    expect(data.errors[0]).toMatchObject({ name: 'unhandledrejection', message: 'Error: boom', route: '/page/route-test' })
  })
})
