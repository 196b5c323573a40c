import { describe, expect, it } from 'vitest'
import { db } from '~/db/db.server'
import * as checkVersionApi from '~/routes/api/app-report/check-version'
import { args, createUser, makeRequest, sessionCookieFor } from '../../tests/support/factories'
import { isPassivePath } from './passive-requests'
import { TOUCH_EVERY_MS } from './session.server'

const ago = (ms: number) => new Date(Date.now() - ms).toISOString()

async function idleUser() {
  const user = await createUser({ auto_signout_active: 1, auto_signout_seconds: 120 })
  const cookie = await sessionCookieFor(user)
  return { user, cookie }
}
const seen = async (userId: string) => {
  const session = await db().selectFrom('sessions').select('last_seen_at').where('user_id', '=', userId).executeTakeFirst()
  const user = await db().selectFrom('users').select('last_request_at').where('id', '=', userId).executeTakeFirstOrThrow()
  return { session: session?.last_seen_at ?? null, user: user.last_request_at }
}
const setSeen = (userId: string, at: string) =>
  Promise.all([
    db().updateTable('sessions').set({ last_seen_at: at }).where('user_id', '=', userId).execute(),
    db().updateTable('users').set({ last_request_at: at }).where('id', '=', userId).execute(),
  ])

describe('passive requests', () => {
  it('are the polling, version-check and telemetry paths, with or without a trailing slash', () => {
    for (const path of [
      '/api/v1/feeds/notifications/counts',
      '/api/v1/studies/invitations/count',
      '/api/app-report/check-version',
      '/api/telemetry',
      '/api/telemetry/',
    ])
      expect(isPassivePath(path), path).toBe(true)
    for (const path of ['/', '/api/users/me', '/session/keepalive', '/api/telemetryx', '/api/v1/feeds/notifications'])
      expect(isPassivePath(path), path).toBe(false)
  })

  it('answer with the session but never move its idle clock or the last-seen', async () => {
    const { user, cookie } = await idleUser()
    const before = ago(TOUCH_EVERY_MS + 30_000)
    await setSeen(user.id, before)
    for (const path of ['/api/v1/feeds/notifications/counts', '/api/telemetry', '/api/app-report/check-version']) {
      const state = await args(makeRequest(path, { cookie })).context.session()
      expect(state.status, path).toBe('active')
    }
    expect(await seen(user.id)).toEqual({ session: before, user: before })
    // An ordinary request does move both.
    await args(makeRequest('/support', { cookie })).context.session()
    const after = await seen(user.id)
    expect(after.session! > before).toBe(true)
    expect(after.user! > before).toBe(true)
  })

  it('a session idle past its limit is signed out although the version was checked all along', async () => {
    const { user, cookie } = await idleUser()
    await setSeen(user.id, ago(100_000))
    // Checks through the real route, as the page sends them.
    for (let i = 0; i < 3; i++) {
      const res = (await checkVersionApi.action(
        args(makeRequest('/api/app-report/check-version', { cookie, json: { appVersion: '0.0.0+dev' } })),
      )) as Response
      expect(res.status).toBe(200)
    }
    // 25 s later the two minutes are over: the checks did not extend it.
    await setSeen(user.id, ago(125_000))
    expect((await args(makeRequest('/api/telemetry', { cookie })).context.session()).status).toBe('expired')
    expect(await seen(user.id)).toMatchObject({ session: null })
    expect((await args(makeRequest('/support', { cookie })).context.session()).status).toBe('expired')
  })
})
