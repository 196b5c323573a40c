import { describe, expect, it } from 'vitest'
import { db } from '~/db/db.server'
import {
  args,
  createUser,
  lastMailTo,
  makeRequest,
  sessionCookieFor,
  TEST_PASSWORD,
  uniqueEmail,
} from '../../../../tests/support/factories'
import * as me from '../users.me'
import * as email from './email'
import * as name from './name'
import * as notifications from './notifications'
import * as preferences from './preferences'

type Route = { action: (a: ReturnType<typeof args>) => Promise<Response> }

async function call(route: Route, method: string, path: string, params: Record<string, string>, json: unknown, cookie?: string) {
  const response = await route.action(args(makeRequest(path, { method, json, cookie }), params)).catch((e: unknown) => {
    if (e instanceof Response) return e
    throw e
  })
  return { status: response.status, body: (await response.json()) as Record<string, unknown> }
}

async function signedIn(overrides = {}) {
  const user = await createUser(overrides)
  return { user, cookie: await sessionCookieFor(user) }
}
const userRow = (id: string) => db().selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow()

describe('user calls (spec section 7)', () => {
  it('PUT /api/users/{id}/name renames; another id is 404 USER_NOT_FOUND; signed out is 401', async () => {
    const { user, cookie } = await signedIn()
    const other = await createUser({ name: 'Untouched' })
    expect(await call(name, 'PUT', `/api/users/${user.id}/name`, { userId: user.id }, { name: 'Api Namn' }, cookie)).toEqual({
      status: 200,
      body: { name: 'Api Namn' },
    })
    expect(await call(name, 'PUT', `/api/users/${other.id}/name`, { userId: other.id }, { name: 'X' }, cookie)).toEqual({
      status: 404,
      body: { message: 'USER_NOT_FOUND' },
    })
    expect((await userRow(other.id)).name).toBe('Untouched')
    expect((await call(name, 'PUT', `/api/users/${user.id}/name`, { userId: user.id }, { name: '' }, cookie)).status).toBe(400)
    expect(await call(name, 'PUT', `/api/users/${user.id}/name`, { userId: user.id }, { name: 'X' })).toEqual({
      status: 401,
      body: { message: 'SESSION_NOT_FOUND' },
    })
    expect((await call(name, 'POST', `/api/users/${user.id}/name`, { userId: user.id }, { name: 'X' }, cookie)).status).toBe(405)
  })

  it('PUT /api/v2/users/{id}/preferences saves locale, timezone and autoSignout and answers the preferences', async () => {
    const { user, cookie } = await signedIn()
    const path = `/api/v2/users/${user.id}/preferences`
    const res = await call(
      preferences,
      'PUT',
      path,
      { userId: user.id },
      { locale: 'en', timezone: 'Asia/Tokyo', autoSignout: { isActive: true, timeoutSeconds: 1200 } },
      cookie,
    )
    expect(res).toEqual({
      status: 200,
      body: {
        locale: 'en',
        timezone: 'Asia/Tokyo',
        autoSignout: { isActive: true, timeoutSeconds: 1200 },
        notifications: { unsubscribedTemplates: [] },
      },
    })
    const bad = await call(preferences, 'PUT', path, { userId: user.id }, { timezone: 'Nowhere/Land' }, cookie)
    expect([bad.status, bad.body.message]).toEqual([400, 'BAD_REQUEST'])
    const unknownField = await call(preferences, 'PUT', path, { userId: user.id }, { locale: 'sv', isPlatformAdmin: true }, cookie)
    expect(unknownField.status).toBe(400)
  })

  it('PUT /api/v1/users/{id}/preferences/notifications saves the unsubscribed templates; unknown ones are refused', async () => {
    const { user, cookie } = await signedIn()
    const path = `/api/v1/users/${user.id}/preferences/notifications`
    const res = await call(
      notifications,
      'PUT',
      path,
      { userId: user.id },
      { unsubscribedTemplates: ['package.shared', 'group.member.added'] },
      cookie,
    )
    expect(res).toEqual({ status: 200, body: { unsubscribedTemplates: ['group.member.added', 'package.shared'] } })
    expect((await call(notifications, 'PUT', path, { userId: user.id }, { unsubscribedTemplates: ['made.up'] }, cookie)).status).toBe(400)
    const meNow = (await me.loader(args(makeRequest('/api/users/me', { cookie })))) as Response
    const body = await meNow.json()
    expect(body.preferences.notifications.unsubscribedTemplates).toEqual(['group.member.added', 'package.shared'])
    expect(Object.keys(body).sort()).toEqual(['_id', 'email', 'name', 'preferences', 'profile_pic'])
  })

  it('POST /api/users/{id}/email sends the link (pending) or answers WRONG_PASSWORD', async () => {
    const { user, cookie } = await signedIn()
    const path = `/api/users/${user.id}/email`
    const newEmail = uniqueEmail('api')
    expect(await call(email, 'POST', path, { userId: user.id }, { email: newEmail, password: 'nope-not-it' }, cookie)).toEqual({
      status: 400,
      body: { message: 'WRONG_PASSWORD' },
    })
    expect(await call(email, 'POST', path, { userId: user.id }, { email: newEmail, password: TEST_PASSWORD }, cookie)).toEqual({
      status: 200,
      body: { email: newEmail, pending: true },
    })
    expect(await lastMailTo(newEmail)).toBeTruthy()
    expect((await userRow(user.id)).email).toBe(user.email)
  })
})
