import { describe, expect, it, vi } from 'vitest'
import { failWrites } from '../../../../tests/support/db-faults'
import { args, createUser, makeRequest, sessionCookieFor } from '../../../../tests/support/factories'
import { createGroup, createOrganization } from '../../../../tests/support/org-factories'
import * as active from './active'
import * as contact from './contact'
import * as groupCreators from './group-creators'
import * as list from './list'
import * as members from './members'
import * as name from './name'
import * as removeMembers from './remove-members'

type Handler = (a: ReturnType<typeof args>) => unknown

async function call(fn: Handler, path: string, init: { method?: string; json?: unknown; cookie?: string; organizationId?: string } = {}) {
  const request = makeRequest(path, {
    method: init.method ?? (init.json === undefined ? 'GET' : 'POST'),
    json: init.json,
    cookie: init.cookie,
  })
  try {
    return (await fn(args(request, init.organizationId ? { organizationId: init.organizationId } : {}))) as Response
  } catch (error) {
    if (error instanceof Response) return error
    throw error
  }
}

async function setup() {
  const admin = await createUser({ name: 'Astrid Admin' })
  const member = await createUser({ name: 'Bo Medlem' })
  const otherAdmin = await createUser()
  const org = await createOrganization({ name: 'Exempelskolan', adminIds: [admin.id], memberIds: [member.id] })
  await createOrganization({ adminIds: [otherAdmin.id] })
  return {
    admin,
    member,
    otherAdmin,
    org,
    base: `/api/v1/organizations/${org.id}`,
    cookies: {
      admin: await sessionCookieFor(admin),
      member: await sessionCookieFor(member),
      otherAdmin: await sessionCookieFor(otherAdmin),
    },
  }
}

describe('organization JSON API', () => {
  it('answers 401 SESSION_NOT_FOUND without a session and 404 ORGANIZATION_NOT_FOUND to a member or another admin', async () => {
    const { org, base, cookies } = await setup()
    const calls: [Handler, string, string, unknown?][] = [
      [members.loader, `${base}/members`, 'GET'],
      [removeMembers.action, `${base}/remove-members`, 'POST', { members: [] }],
      [groupCreators.action, `${base}/add-group-creators`, 'POST', { members: [] }],
      [groupCreators.action, `${base}/remove-group-creators`, 'POST', { members: [] }],
      [active.action, `${base}/active`, 'PUT', { active: false }],
      [contact.action, `${base}/contact`, 'PUT', { contact: {} }],
      [name.action, `${base}/name`, 'PUT', { name: 'Hacked' }],
    ]
    for (const [fn, path, method, json] of calls) {
      const anonymous = await call(fn, path, { method, json, organizationId: org.id })
      expect(anonymous.status, path).toBe(401)
      expect(await anonymous.json()).toEqual({ message: 'SESSION_NOT_FOUND' })
      for (const cookie of [cookies.member, cookies.otherAdmin]) {
        const res = await call(fn, path, { method, json, cookie, organizationId: org.id })
        expect(res.status, path).toBe(404)
        expect(await res.json()).toEqual({ message: 'ORGANIZATION_NOT_FOUND' })
      }
    }
    expect((await call(list.loader, '/api/v3/organizations')).status).toBe(401)
  })

  it('lists my organizations and the members in the spec shape', async () => {
    const { admin, member, org, base, cookies } = await setup()
    const orgs = await call(list.loader, '/api/v3/organizations', { cookie: cookies.admin })
    expect(await orgs.json()).toEqual([
      { _id: org.id, name: 'Exempelskolan', created: org.created_at, active: true, contact: {}, groupCreators: [], access: 'admin' },
    ])
    expect(await (await call(list.loader, '/api/v3/organizations', { cookie: cookies.member })).json()).toEqual([])

    const res = await call(members.loader, `${base}/members`, { cookie: cookies.admin, organizationId: org.id })
    const body = await res.json()
    expect(body.map((m: { _id: string }) => m._id)).toEqual([admin.id, member.id])
    expect(body[1]).toEqual({
      _id: member.id,
      name: 'Bo Medlem',
      email: member.email,
      created: expect.any(String),
      isAdmin: false,
      isGroupCreator: false,
    })
  })

  it('removes members and sets group creators with per-item results; accepts members, memberIds or a bare array', async () => {
    const { admin, member, otherAdmin, org, base, cookies } = await setup()
    const owner = await createUser()
    await createGroup(org.id, { ownerId: owner.id })
    const added = await call(groupCreators.action, `${base}/add-group-creators`, {
      cookie: cookies.admin,
      organizationId: org.id,
      json: { memberIds: [member.id, otherAdmin.id] },
    })
    expect(added.status).toBe(200)
    expect(await added.json()).toEqual([
      { _id: member.id, result: 'SUCCESS' },
      { _id: otherAdmin.id, result: 'MEMBER_NOT_FOUND' },
    ])
    const removedCreator = await call(groupCreators.action, `${base}/remove-group-creators`, {
      cookie: cookies.admin,
      organizationId: org.id,
      json: [member.id, owner.id],
    })
    expect(await removedCreator.json()).toEqual([
      { _id: member.id, result: 'SUCCESS' },
      { _id: owner.id, result: 'NOT_GROUP_CREATOR' },
    ])

    const removed = await call(removeMembers.action, `${base}/remove-members`, {
      cookie: cookies.admin,
      organizationId: org.id,
      json: { members: [member.id, owner.id, admin.id, otherAdmin.id] },
    })
    expect(await removed.json()).toEqual([
      { _id: member.id, result: 'SUCCESS' },
      { _id: owner.id, result: 'IS_GROUP_OWNER' },
      { _id: admin.id, result: 'LAST_ADMIN' },
      { _id: otherAdmin.id, result: 'MEMBER_NOT_FOUND' },
    ])

    const bad = await call(removeMembers.action, `${base}/remove-members`, {
      cookie: cookies.admin,
      organizationId: org.id,
      json: { members: 'x' },
    })
    expect(bad.status).toBe(400)
    expect(await bad.json()).toMatchObject({ message: 'BAD_REQUEST' })
    expect((await call(removeMembers.action, `${base}/remove-members`, { method: 'PUT', json: [], cookie: cookies.admin })).status).toBe(
      405,
    )
    expect((await call(removeMembers.loader as Handler, `${base}/remove-members`, { cookie: cookies.admin })).status).toBe(405)
  })

  it('sets active, contact and name with PUT and answers the Organization; other methods get 405', async () => {
    const { org, base, cookies } = await setup()
    const put = (fn: Handler, path: string, json: unknown) =>
      call(fn, path, { method: 'PUT', json, cookie: cookies.admin, organizationId: org.id })

    const inactive = await put(active.action, `${base}/active`, { active: false })
    expect(inactive.status).toBe(200)
    expect(await inactive.json()).toMatchObject({ _id: org.id, active: false })
    expect((await put(active.action, `${base}/active`, { active: 'no' })).status).toBe(400)

    const contacted = await put(contact.action, `${base}/contact`, { contact: { name: 'Rektor', email: 'REKTOR@example.se', phone: '' } })
    expect(await contacted.json()).toMatchObject({ contact: { name: 'Rektor', email: 'rektor@example.se' } })
    expect((await put(contact.action, `${base}/contact`, { contact: { email: 'nope' } })).status).toBe(400)

    const renamed = await put(name.action, `${base}/name`, { name: 'Nya skolan' })
    expect(await renamed.json()).toMatchObject({ name: 'Nya skolan', active: false })
    expect((await put(name.action, `${base}/name`, { name: '' })).status).toBe(400)

    for (const [fn, loader, path] of [
      [active.action, active.loader, `${base}/active`],
      [contact.action, contact.loader, `${base}/contact`],
      [name.action, name.loader, `${base}/name`],
    ] as const) {
      const post = await call(fn, path, { method: 'POST', json: {}, cookie: cookies.admin, organizationId: org.id })
      expect(post.status).toBe(405)
      expect(post.headers.get('Allow')).toBe('PUT')
      expect(await post.json()).toEqual({ message: 'METHOD_NOT_ALLOWED' })
      expect((await call(loader as Handler, path, { cookie: cookies.admin })).status).toBe(405)
    }
  })

  it('answers an unexpected failure as JSON 500 SERVER_ERROR, and a bulk item that fails as its SERVER_ERROR', async () => {
    const { member, org, base, cookies } = await setup()
    const restore = await failWrites('organizations', 'UPDATE', 'id', org.id)
    const memberRow = await failWrites('organization_members', 'DELETE', 'user_id', member.id)
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {})
    try {
      const renamed = await call(name.action, `${base}/name`, {
        method: 'PUT',
        json: { name: 'Nya skolan' },
        cookie: cookies.admin,
        organizationId: org.id,
      })
      expect(renamed.status).toBe(500)
      expect(await renamed.json()).toEqual({ message: 'SERVER_ERROR' })

      const removed = await call(removeMembers.action, `${base}/remove-members`, {
        json: { members: [member.id, 'unknown'] },
        cookie: cookies.admin,
        organizationId: org.id,
      })
      expect(removed.status).toBe(200)
      expect(await removed.json()).toEqual([
        { _id: member.id, result: 'SERVER_ERROR' },
        { _id: 'unknown', result: 'MEMBER_NOT_FOUND' },
      ])
    } finally {
      await restore()
      await memberRow()
    }
    expect(logged).toHaveBeenCalledTimes(2)
  })
})
