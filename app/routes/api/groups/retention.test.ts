import { describe, expect, it } from 'vitest'
import type { User } from '~/db/schema'
import { args, createUser, makeRequest, sessionCookieFor } from '../../../../tests/support/factories'
import { createGroup, createOrganization } from '../../../../tests/support/org-factories'
import * as retentionRoute from './retention'

async function call(path: string, groupId: string, method = 'GET', user?: User, json?: unknown) {
  const request = makeRequest(path, { method, json, cookie: user ? await sessionCookieFor(user) : undefined })
  const a = args(request, { groupId }) as never
  const res = (await Promise.resolve(method === 'GET' ? retentionRoute.loader(a) : retentionRoute.action(a)).catch(
    (e: unknown) => e,
  )) as Response
  return { status: res.status, body: await res.json() }
}

async function setup() {
  const [owner, leader, member, admin, stranger] = await Promise.all(
    ['Olga', 'Lars', 'Mia', 'Ada', 'Sten'].map((name) => createUser({ name })),
  )
  const org = await createOrganization({ adminIds: [admin.id] })
  const group = await createGroup(org.id, { ownerId: owner.id, memberIds: [[leader.id, 'leader'], member.id] })
  return { owner, leader, member, admin, stranger, group, path: `/api/v3/groups/${group.id}/retention` }
}

describe('the retention API', () => {
  it('GET answers every member; the owner also what is queued; a stranger 404, signed out 401', async () => {
    const s = await setup()
    const member = await call(s.path, s.group.id, 'GET', s.member)
    expect(member).toMatchObject({ status: 200, body: { months: 3, maxMonths: 24, canChange: false, queued: null } })
    expect(member.body.purpose).toEqual(expect.any(String))
    expect(await call(s.path, s.group.id, 'GET', s.owner)).toMatchObject({ status: 200, body: { canChange: true, queued: { count: 0 } } })
    expect(await call(s.path, s.group.id, 'GET', s.stranger)).toMatchObject({ status: 404, body: { message: 'GROUP_NOT_FOUND' } })
    expect((await call(s.path, s.group.id, 'GET')).status).toBe(401)
  })

  it('PUT sets months and purpose for the owner and an admin; 403 for a leader and a member; 400 for bad bodies, nothing changed', async () => {
    const s = await setup()
    const put = (user: User, json: unknown) => call(s.path, s.group.id, 'PUT', user, json)
    expect(await put(s.owner, { months: 6, purpose: '  Återkoppling under terminen  ' })).toMatchObject({
      status: 200,
      body: { months: 6, purpose: 'Återkoppling under terminen', canChange: true },
    })
    expect(await put(s.admin, { months: 12, purpose: 'Bedömning' })).toMatchObject({ status: 200, body: { months: 12 } })
    for (const who of [s.leader, s.member])
      expect(await put(who, { months: 1, purpose: 'x' })).toMatchObject({ status: 403, body: { message: 'FORBIDDEN' } })
    expect(await put(s.stranger, { months: 1, purpose: 'x' })).toMatchObject({ status: 404 })
    for (const body of [
      { months: 2, purpose: 'x' },
      { months: 3, purpose: ' ' },
      { months: 3, purpose: 'x'.repeat(501) },
      { months: 3 },
      { months: '3', purpose: 'x' },
      { months: 3, purpose: 'x', extra: 1 },
    ])
      expect(await put(s.owner, body)).toMatchObject({ status: 400, body: { message: 'BAD_REQUEST' } })
    expect((await call(s.path, s.group.id, 'GET', s.member)).body).toMatchObject({ months: 12, purpose: 'Bedömning' })
  })
})
