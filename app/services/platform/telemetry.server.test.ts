import { describe, expect, it } from 'vitest'
import { db } from '~/db/db.server'
import { newId } from '~/utils/ids.server'
import { createUser } from '../../../tests/support/factories'
import { ctxFor } from '../context.server'
import { setTelemetryOptOut, telemetrySummary } from './telemetry.server'

const DAY = 86_400_000
async function insertVitals(route: string, name: string, values: number[], agoMs = 0) {
  await db()
    .insertInto('telemetry_events')
    .values(
      values.map((value) => ({
        id: newId(),
        kind: 'vital' as const,
        name,
        route,
        value,
        message: null,
        app_version: 'v',
        created_at: new Date(Date.now() - agoMs).toISOString(),
      })),
    )
    .execute()
}

describe('telemetrySummary', () => {
  it('gives platform admins the nearest-rank p75 per route and vital, rated against the thresholds', async () => {
    const admin = await createUser({ is_platform_admin: 1 })
    // 1..8: the 6th value (rank ceil(0.75 * 8) = 6).
    await insertVitals('/p75/a', 'LCP', [8000, 1000, 2000, 3000, 4000, 5000, 6000, 7000])
    // 1..4 ranks: rank 3.
    await insertVitals('/p75/a', 'CLS', [0.01, 0.02, 0.3, 0.04])
    await insertVitals('/p75/b', 'INP', [150])
    // Older than the period: not counted.
    await insertVitals('/p75/b', 'INP', [9000], 8 * DAY)
    const { vitals } = await telemetrySummary(ctxFor(admin))
    const mine = vitals.filter((v) => v.route.startsWith('/p75/'))
    expect(mine).toEqual([
      { route: '/p75/a', name: 'CLS', p75: 0.04, count: 4, rating: 'good' },
      { route: '/p75/a', name: 'LCP', p75: 6000, count: 8, rating: 'poor' },
      { route: '/p75/b', name: 'INP', p75: 150, count: 1, rating: 'good' },
    ])
  })

  it('lists the latest errors, newest first', async () => {
    const admin = await createUser({ is_platform_admin: 1 })
    const error = (message: string, agoMs: number) => ({
      id: newId(),
      kind: 'error' as const,
      name: 'error',
      route: '/errors',
      value: null,
      message,
      app_version: 'v',
      created_at: new Date(Date.now() - agoMs).toISOString(),
    })
    await db()
      .insertInto('telemetry_events')
      .values([error('older', 2000), error('newest', 0)])
      .execute()
    const { errors } = await telemetrySummary(ctxFor(admin))
    expect(errors.slice(0, 2).map((e) => e.message)).toEqual(['newest', 'older'])
  })

  it('does not exist for anyone else', async () => {
    const user = await createUser()
    await expect(telemetrySummary(ctxFor(user))).rejects.toMatchObject({ code: 'NOT_FOUND' })
    await expect(telemetrySummary(ctxFor(null))).rejects.toMatchObject({ code: 'NOT_FOUND' })
  })
})

describe('setTelemetryOptOut', () => {
  it('sets the user own choice; another user id is not found', async () => {
    const user = await createUser()
    const other = await createUser()
    await setTelemetryOptOut(ctxFor(user), user.id, true)
    const optOut = async (id: string) =>
      (await db().selectFrom('users').select('telemetry_opt_out').where('id', '=', id).executeTakeFirstOrThrow()).telemetry_opt_out
    expect(await optOut(user.id)).toBe(1)
    await expect(setTelemetryOptOut(ctxFor(user), other.id, true)).rejects.toMatchObject({ code: 'NOT_FOUND' })
    expect(await optOut(other.id)).toBe(0)
    await setTelemetryOptOut(ctxFor(user), user.id, false)
    expect(await optOut(user.id)).toBe(0)
  })
})
