import { describe, expect, it } from 'vitest'
import { db } from '~/db/db.server'
import { readToast } from '~/http/toast.server'
import { args, cookiesFrom, createUser, makeRequest, run, sessionCookieFor } from '../../../tests/support/factories'
import { createOrganization } from '../../../tests/support/org-factories'
import * as list from './list'
import * as members from './members'

const toastOf = async (headers: Headers) => (await readToast(makeRequest('/', { cookie: cookiesFrom(headers) }))).toast

const sessionsOf = (userId: string) => db().selectFrom('sessions').select('id_hash').where('user_id', '=', userId).execute()

describe('members page: end sessions', () => {
  it('asks to confirm without confirmed=1 (no JavaScript), then ends them; the member’s next request goes to sign in', async () => {
    const admin = await createUser({ name: 'Astrid Admin' })
    const member = await createUser({ name: 'Bo Medlem' })
    const org = await createOrganization({ adminIds: [admin.id], memberIds: [member.id] })
    const cookie = await sessionCookieFor(admin)
    const memberCookie = await sessionCookieFor(member)
    const path = `/organizations/${org.id}/members?q=bo`
    const post = (form: Record<string, string | string[]>) =>
      run(() => members.action(args(makeRequest(path, { cookie, form }), { organizationId: org.id })))

    const asks = await post({ intent: 'endSessions', ids: member.id })
    expect(asks.status).toBe(200)
    expect(asks.data.confirm).toEqual({
      intent: 'endSessions',
      ids: [member.id],
      count: 1,
      named: [{ id: member.id, name: `Bo Medlem (${member.email})` }],
    })
    expect(await sessionsOf(member.id)).toHaveLength(1)

    const before = await run(() => list.loader(args(makeRequest('/organizations', { cookie: memberCookie }))))
    expect(before.status).toBe(200)

    const done = await post({ intent: 'endSessions', ids: [member.id], confirmed: '1' })
    expect(done.status).toBe(302)
    expect(done.headers.get('Location')).toBe(path)
    expect(await toastOf(done.headers)).toMatchObject({
      key: 'bulk.resultSummary',
      type: 'success',
      items: { done: [`Bo Medlem (${member.email})`] },
    })
    expect(await sessionsOf(member.id)).toEqual([])
    expect(await sessionsOf(admin.id)).toHaveLength(1)

    const after = await run(() => list.loader(args(makeRequest('/organizations', { cookie: memberCookie }))))
    expect(after.status).toBe(302)
    // An ended session is "expired": the sign-out route clears the cookie and shows the sign-in screen.
    expect(after.headers.get('Location')).toBe('/signout?reason=expired&redirectTo=%2Forganizations')
  })

  it('"all matching" leaves out the admin doing it', async () => {
    const admin = await createUser({ name: 'Astrid Admin' })
    const member = await createUser({ name: 'Anna Medlem' })
    const org = await createOrganization({ adminIds: [admin.id], memberIds: [member.id] })
    const cookie = await sessionCookieFor(admin)
    await sessionCookieFor(member)
    const path = `/organizations/${org.id}/members?q=a`
    const post = (form: Record<string, string | string[]>) =>
      run(() => members.action(args(makeRequest(path, { cookie, form }), { organizationId: org.id })))
    const asks = await post({ intent: 'endSessions', scope: 'matching' })
    expect(asks.data.confirm).toMatchObject({ intent: 'endSessions', scope: 'matching', count: 1 })
    const done = await post({ intent: 'endSessions', scope: 'matching', expected: '1', confirmed: '1' })
    expect(done.status).toBe(302)
    expect(await sessionsOf(member.id)).toEqual([])
    expect(await sessionsOf(admin.id)).toHaveLength(1)
  })
})
