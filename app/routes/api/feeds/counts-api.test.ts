import { describe, expect, it } from 'vitest'
import { db } from '~/db/db.server'
import { insertAlert, insertInvitation } from '../../../../tests/support/alert-factories'
import { args, createUser, makeRequest, sessionCookieFor } from '../../../../tests/support/factories'
import { createPackage } from '../../../../tests/support/library-factories'
import { createGroup, createOrganization } from '../../../../tests/support/org-factories'
import { ctxFor } from '~/services/context.server'
import { inviteCollaborator } from '~/services/library/collaborator-invitations.server'
import * as invitationsCount from '../studies/invitations-count'
import * as counts from './notification-counts'

type Handler = (a: ReturnType<typeof args>) => unknown

async function call(fn: Handler, path: string, init: { cookie?: string; headers?: Record<string, string>; method?: string } = {}) {
  const request = makeRequest(path, init)
  try {
    return (await fn(args(request))) as Response
  } catch (error) {
    if (error instanceof Response) return error
    throw error
  }
}

const lastSeenOf = async (userId: string) =>
  db().selectFrom('sessions').select('last_seen_at').where('user_id', '=', userId).executeTakeFirstOrThrow()

describe('GET /api/v1/feeds/notifications/counts', () => {
  it('answers { new, old } around the timestamp the client passes, else the stored mark', async () => {
    const user = await createUser()
    await insertAlert(user.id, { created: '2026-01-01T10:00:00.000Z' })
    await insertAlert(user.id, { created: '2026-01-02T10:00:00.000Z' })
    await db().updateTable('users').set({ alerts_seen_at: '2026-01-01T12:00:00.000Z' }).where('id', '=', user.id).execute()
    const cookie = await sessionCookieFor(user)

    const stored = await call(counts.loader, '/api/v1/feeds/notifications/counts', { cookie })
    expect(stored.status).toBe(200)
    expect(stored.headers.get('Cache-Control')).toContain('no-store')
    expect(await stored.json()).toEqual({ new: 1, old: 1 })
    const passed = await call(counts.loader, '/api/v1/feeds/notifications/counts?timestamp=2025-12-31T00:00:00.000Z', { cookie })
    expect(await passed.json()).toEqual({ new: 2, old: 0 })
    const millis = await call(counts.loader, `/api/v1/feeds/notifications/counts?timestamp=${Date.parse('2026-01-03T00:00:00Z')}`, {
      cookie,
    })
    expect(await millis.json()).toEqual({ new: 0, old: 2 })

    const bad = await call(counts.loader, '/api/v1/feeds/notifications/counts?timestamp=yesterday', { cookie })
    expect(bad.status).toBe(400)
    expect(await bad.json()).toMatchObject({ message: 'BAD_REQUEST' })
  })

  it('answers { count } of package invitations for domain=package&type=package.invitation.new', async () => {
    const [owner, user] = [await createUser(), await createUser()]
    const pkg = await createPackage({ ownerId: owner.id })
    await inviteCollaborator(ctxFor(owner), { packageId: pkg.id, email: user.email, access: 'view' })
    // An alert alone is not a pending invitation.
    await insertAlert(user.id, { template: 'package.invitation.new' })
    const cookie = await sessionCookieFor(user)
    const res = await call(counts.loader, '/api/v1/feeds/notifications/counts?domain=package&type=package.invitation.new', { cookie })
    expect(await res.json()).toEqual({ count: 1 })
    const other = await call(counts.loader, '/api/v1/feeds/notifications/counts?domain=package&type=package.shared', { cookie })
    expect(other.status).toBe(400)
  })

  it('is SESSION_NOT_FOUND without a session, and does not extend the session it reads', async () => {
    const anonymous = await call(counts.loader, '/api/v1/feeds/notifications/counts')
    expect(anonymous.status).toBe(401)
    expect(await anonymous.json()).toEqual({ message: 'SESSION_NOT_FOUND' })

    const user = await createUser()
    const cookie = await sessionCookieFor(user)
    const longAgo = new Date(Date.now() - 10 * 60_000).toISOString()
    await db().updateTable('sessions').set({ last_seen_at: longAgo }).where('user_id', '=', user.id).execute()
    expect((await call(counts.loader, '/api/v1/feeds/notifications/counts', { cookie })).status).toBe(200)
    const studies = await call(invitationsCount.loader, '/api/v1/studies/invitations/count', {
      cookie,
      headers: { 'X-Requested-With': 'fetch' },
    })
    expect(studies.status).toBe(200)
    expect((await lastSeenOf(user.id)).last_seen_at).toBe(longAgo)
    const refreshed = await db().selectFrom('users').select('last_request_at').where('id', '=', user.id).executeTakeFirstOrThrow()
    expect(refreshed.last_request_at).toBeNull()
  })

  it('still ends an idle session: a tab left open polling is signed out', async () => {
    const user = await createUser({ auto_signout_active: 1, auto_signout_seconds: 300 })
    const cookie = await sessionCookieFor(user)
    const idle = new Date(Date.now() - 6 * 60_000).toISOString()
    await db().updateTable('sessions').set({ last_seen_at: idle }).where('user_id', '=', user.id).execute()
    const res = await call(counts.loader, '/api/v1/feeds/notifications/counts', { cookie })
    expect(res.status).toBe(401)
    expect(await res.json()).toEqual({ message: 'SESSION_NOT_FOUND' })
  })

  it('answers only GET', async () => {
    const user = await createUser()
    const res = await call(counts.action, '/api/v1/feeds/notifications/counts', { cookie: await sessionCookieFor(user), method: 'POST' })
    expect(res.status).toBe(405)
  })
})

describe('GET /api/v1/studies/invitations/count', () => {
  it("counts the pending group (and group-creator) invitations to the user's email, and requires X-Requested-With", async () => {
    const owner = await createUser()
    const org = await createOrganization({ adminIds: [owner.id] })
    const group = await createGroup(org.id, { ownerId: owner.id })
    const user = await createUser()
    await insertInvitation(org.id, { email: user.email, groupId: group.id })
    await insertInvitation(org.id, { email: owner.email, groupId: group.id })
    // A group-creator invitation: counted apart (the inbox's organizations section).
    await insertInvitation(org.id, { email: user.email, groupId: null, groupCreator: true })
    const cookie = await sessionCookieFor(user)

    const without = await call(invitationsCount.loader, '/api/v1/studies/invitations/count', { cookie })
    expect(without.status).toBe(400)
    expect(await without.json()).toMatchObject({ message: 'BAD_REQUEST' })

    const res = await call(invitationsCount.loader, '/api/v1/studies/invitations/count', {
      cookie,
      headers: { 'X-Requested-With': 'fetch' },
    })
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ count: 1, groupCreator: 1 })

    const anonymous = await call(invitationsCount.loader, '/api/v1/studies/invitations/count', { headers: { 'X-Requested-With': 'fetch' } })
    expect(await anonymous.json()).toEqual({ message: 'SESSION_NOT_FOUND' })
  })
})
