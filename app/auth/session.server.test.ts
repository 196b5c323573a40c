import { describe, expect, it } from 'vitest'
import { db } from '~/db/db.server'
import { hashSecret } from '~/utils/ids.server'
import { args, createUser, makeRequest, run } from '../../tests/support/factories'
import { requireUser } from './guards.server'
import { createSession, readSession, SESSION_MAX_AGE_SECONDS } from './session.server'

const at = (ms: number) => new Date(Date.now() + ms)
const requestWith = (cookie: string) => makeRequest('/organizations?x=1', { cookie: cookie.split(';')[0] })
/** The Cookie header a browser would send back for a Set-Cookie value. */
const cookieHeader = (setCookie: string) => setCookie.split(';')[0]

describe('sessions', () => {
  it('stores only a hash of an opaque 256-bit id in an HttpOnly, SameSite=Lax cookie', async () => {
    const user = await createUser()
    const setCookie = await createSession(db(), user.id, 'password')
    expect(setCookie).toMatch(/HttpOnly/)
    expect(setCookie).toMatch(/SameSite=Lax/)
    const rows = await db().selectFrom('sessions').selectAll().where('user_id', '=', user.id).execute()
    expect(rows).toHaveLength(1)
    expect(rows[0].id_hash).toMatch(/^[0-9a-f]{64}$/)
    expect(setCookie).not.toContain(rows[0].id_hash)
  })

  it('ends after the user idle timeout (autoSignout), and the row is gone', async () => {
    const user = await createUser({ auto_signout_seconds: 600 })
    const cookie = await createSession(db(), user.id, 'password')
    expect((await readSession(db(), cookieHeader(cookie), at(590_000))).status).toBe('active')
    // Activity at +590 s moved the idle clock: +1000 s is only 410 s idle.
    expect((await readSession(db(), cookieHeader(cookie), at(1_000_000))).status).toBe('active')
    expect((await readSession(db(), cookieHeader(cookie), at(1_700_000))).status).toBe('expired')
    expect(await db().selectFrom('sessions').selectAll().where('user_id', '=', user.id).execute()).toHaveLength(0)
  })

  it('has no idle timeout when autoSignout is off, but still the 12 h absolute lifetime', async () => {
    const user = await createUser({ auto_signout_active: 0 })
    const cookie = await createSession(db(), user.id, 'password')
    expect((await readSession(db(), cookieHeader(cookie), at(3 * 3600_000))).status).toBe('active')
    expect((await readSession(db(), cookieHeader(cookie), at(SESSION_MAX_AGE_SECONDS * 1000 + 1000))).status).toBe('expired')
  })

  it('treats an unknown or tampered cookie as expired or absent', async () => {
    const user = await createUser()
    const cookie = await createSession(db(), user.id, 'password')
    await db().deleteFrom('sessions').where('user_id', '=', user.id).execute()
    expect((await readSession(db(), cookieHeader(cookie))).status).toBe('expired')
    expect((await readSession(db(), 'session=forged.value')).status).toBe('none')
    expect(hashSecret('a')).not.toBe(hashSecret('b'))
  })
})

describe('protected routes', () => {
  it('send a signed-out visitor to /signin with redirectTo', async () => {
    const res = await run(() => {
      const a = args(makeRequest('/organizations?x=1'))
      return requireUser(a.request, a.context)
    })
    expect(res.status).toBe(302)
    expect(res.headers.get('Location')).toBe(`/signin?redirectTo=${encodeURIComponent('/organizations?x=1')}`)
  })

  it('send an expired session (SESSION_NOT_FOUND) to /signout', async () => {
    const user = await createUser()
    const cookie = await createSession(db(), user.id, 'password')
    await db().deleteFrom('sessions').where('user_id', '=', user.id).execute()
    const res = await run(() => {
      const a = args(requestWith(cookie))
      return requireUser(a.request, a.context)
    })
    expect(res.headers.get('Location')).toMatch(/^\/signout\?reason=expired&redirectTo=/)
  })
})
