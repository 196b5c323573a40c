import { describe, expect, it } from 'vitest'
import { db } from '~/db/db.server'
import { args, createUser, makeRequest, sessionCookieFor } from '../../../../tests/support/factories'
import { createGroup, createMembers, createOrganization } from '../../../../tests/support/org-factories'
import { createComment, createLoop } from '../../../../tests/support/group-work-factories'
import * as createGroupApi from './create-group'
import * as deleteGroupsApi from './delete-groups'
import * as changeOwners from './groups.change-owners'
import * as setActive from './groups.set-active'
import * as statistics from './groups.statistics'
import * as groups from './groups'

type Handler = (a: ReturnType<typeof args>) => unknown

async function call(
  fn: Handler,
  path: string,
  init: { method?: string; json?: unknown; cookie?: string; params?: Record<string, string> } = {},
) {
  const request = makeRequest(path, { method: init.method, json: init.json, cookie: init.cookie })
  try {
    return (await fn(args(request, init.params))) as Response
  } catch (error) {
    if (error instanceof Response) return error
    throw error
  }
}

async function setup() {
  const admin = await createUser({ name: 'Ada Admin' })
  const org = await createOrganization({ adminIds: [admin.id] })
  const otherAdmin = await createUser()
  const other = await createOrganization({ adminIds: [otherAdmin.id] })
  const foreignGroup = await createGroup(other.id, { ownerId: otherAdmin.id })
  const base = `/api/v1/organizations/${org.id}`
  return { admin, org, foreignGroup, base, params: { organizationId: org.id }, cookie: await sessionCookieFor(admin) }
}

describe('the groups API', () => {
  it('lists groups and their statistics; a bare array or { groupIds } both work', async () => {
    const { admin, org, base, params, cookie, foreignGroup } = await setup()
    const g = await createGroup(org.id, { ownerId: admin.id, name: 'Choir', latestActivity: '2024-02-02T00:00:00.000Z' })
    const list = await call(groups.loader, `${base}/groups`, { cookie, params })
    expect(list.status).toBe(200)
    expect(await list.json()).toEqual([
      {
        _id: g.id,
        name: 'Choir',
        kind: 'standard',
        created: g.created_at,
        active: true,
        owner: { _id: admin.id, name: 'Ada Admin', email: admin.email },
        memberCount: 1,
        latestActivity: '2024-02-02T00:00:00.000Z',
      },
    ])
    for (const json of [[g.id, foreignGroup.id], { groupIds: [g.id, foreignGroup.id] }]) {
      const res = await call(statistics.action, `${base}/groups/statistics`, { method: 'POST', json, cookie, params })
      expect(res.status).toBe(200)
      expect(await res.json()).toEqual({
        [g.id]: {
          latestActivity: '2024-02-02T00:00:00.000Z',
          loops: 0,
          comments: 0,
          members: 1,
          roles: { owner: 1, leader: 0, member: 0, subscriber: 0 },
          active: true,
        },
      })
    }
    const bad = await call(statistics.action, `${base}/groups/statistics`, { method: 'POST', json: { ids: 'x' }, cookie, params })
    expect(bad.status).toBe(400)
    expect(await bad.json()).toMatchObject({ message: 'BAD_REQUEST' })
  })

  it('counts loops and comments as activity: their count, and latestActivity from the latest loop or comment', async () => {
    const { admin, org, base, params, cookie } = await setup()
    const g = await createGroup(org.id, { ownerId: admin.id, latestActivity: '2024-02-02T00:00:00.000Z' })
    const quiet = await createGroup(org.id, { ownerId: admin.id, latestActivity: '2025-01-01T00:00:00.000Z' })
    const first = await createLoop(g.id, admin.id, { created: new Date('2025-03-01T10:00:00.000Z') })
    await createLoop(g.id, admin.id, { created: new Date('2025-03-02T10:00:00.000Z') })
    await createComment(first.id, admin.id)
    await db().updateTable('loops').set({ activity_at: '2025-03-05T10:00:00.000Z' }).where('id', '=', first.id).execute()
    // An old loop does not move a later activity of the group back.
    await createLoop(quiet.id, admin.id, { created: new Date('2024-06-01T10:00:00.000Z') })
    const res = await call(statistics.action, `${base}/groups/statistics`, { method: 'POST', json: [g.id, quiet.id], cookie, params })
    const body = (await res.json()) as Record<string, { latestActivity: string; loops: number; comments: number }>
    expect(body[g.id]).toMatchObject({ latestActivity: '2025-03-05T10:00:00.000Z', loops: 2, comments: 1 })
    expect(body[quiet.id]).toMatchObject({ latestActivity: '2025-01-01T00:00:00.000Z', loops: 1, comments: 0 })
  })

  it('sets active, changes owners and deletes with per-item results', async () => {
    const { admin, org, base, params, cookie, foreignGroup } = await setup()
    const [next] = await createMembers(org.id, 1)
    const g = await createGroup(org.id, { ownerId: admin.id })

    const active = await call(setActive.action, `${base}/groups/set-active`, {
      method: 'PUT',
      json: { groupIds: [g.id, foreignGroup.id], active: false },
      cookie,
      params,
    })
    expect(await active.json()).toEqual([
      { _id: g.id, result: 'SUCCESS' },
      { _id: foreignGroup.id, result: 'GROUP_NOT_FOUND' },
    ])

    const changed = await call(changeOwners.action, `${base}/groups/change-owners`, {
      method: 'PUT',
      json: { changeList: [{ groupId: g.id, newOwnerId: next, oldOwnerRole: 'REMOVE' }] },
      cookie,
      params,
    })
    expect(await changed.json()).toEqual([
      {
        _id: g.id,
        result: 'SUCCESS',
        oldOwnerRemoved: true,
        group: expect.objectContaining({ _id: g.id, active: false, memberCount: 1, owner: expect.objectContaining({ _id: next }) }),
      },
    ])

    const deleted = await call(deleteGroupsApi.action, `${base}/delete-groups`, {
      method: 'POST',
      json: [g.id, foreignGroup.id],
      cookie,
      params,
    })
    expect(await deleted.json()).toEqual([
      { _id: g.id, result: 'SUCCESS' },
      { _id: foreignGroup.id, result: 'GROUP_NOT_FOUND' },
    ])
  })

  it('creates groups of the kind of the URL; organizationId must match the path', async () => {
    const { admin, org, base, params, cookie } = await setup()
    const [m] = await createMembers(org.id, 1)
    const body = {
      name: 'Roll call',
      organizationId: org.id,
      groupOwnerId: admin.id,
      memberIdsWithRoles: { [m]: 'leader', nobody: 'member' },
    }
    const res = await call(createGroupApi.action, `${base}/create-attendance-group-with-members`, {
      method: 'POST',
      json: body,
      cookie,
      params,
    })
    expect(res.status).toBe(201)
    const created = await res.json()
    expect(created.group).toMatchObject({ name: 'Roll call', kind: 'attendance', memberCount: 2 })
    expect(created.membersResults).toEqual([
      { _id: m, result: 'SUCCESS' },
      { _id: 'nobody', result: 'MEMBER_NOT_FOUND' },
    ])
    const standard = await call(createGroupApi.action, `${base}/create-group-with-members`, {
      method: 'POST',
      json: { ...body, memberIdsWithRoles: {} },
      cookie,
      params,
    })
    expect((await standard.json()).group.kind).toBe('standard')

    const mismatch = await call(createGroupApi.action, `${base}/create-group-with-members`, {
      method: 'POST',
      json: { ...body, organizationId: 'other' },
      cookie,
      params,
    })
    expect(mismatch.status).toBe(400)
    expect(await mismatch.json()).toMatchObject({ message: 'BAD_REQUEST' })
    const notMember = await call(createGroupApi.action, `${base}/create-group-with-members`, {
      method: 'POST',
      json: { ...body, groupOwnerId: 'nobody' },
      cookie,
      params,
    })
    expect(notMember.status).toBe(400)
    expect(await notMember.json()).toEqual({ message: 'OWNER_NOT_MEMBER' })
    expect(await db().selectFrom('groups').select('id').where('organization_id', '=', org.id).execute()).toHaveLength(2)
  })

  it('answers 403 ORGANIZATION_INACTIVE to creating, activating and owner changes in an inactive organization', async () => {
    const { admin, org, base, params, cookie } = await setup()
    const [m] = await createMembers(org.id, 1)
    const group = await createGroup(org.id, { ownerId: admin.id })
    await db().updateTable('organizations').set({ active: 0 }).where('id', '=', org.id).execute()
    const create = await call(createGroupApi.action, `${base}/create-group-with-members`, {
      method: 'POST',
      json: { name: 'X', organizationId: org.id, groupOwnerId: admin.id, memberIdsWithRoles: {} },
      cookie,
      params,
    })
    expect(create.status).toBe(403)
    expect(await create.json()).toEqual({ message: 'ORGANIZATION_INACTIVE' })
    const activate = await call(setActive.action, `${base}/groups/set-active`, {
      method: 'PUT',
      json: { groupIds: [group.id], active: true },
      cookie,
      params,
    })
    expect(activate.status).toBe(403)
    const owners = await call(changeOwners.action, `${base}/groups/change-owners`, {
      method: 'PUT',
      json: { changeList: [{ groupId: group.id, newOwnerId: m, oldOwnerRole: 'member' }] },
      cookie,
      params,
    })
    expect(owners.status).toBe(403)
    expect(await db().selectFrom('groups').select(['id', 'owner_id']).where('organization_id', '=', org.id).execute()).toEqual([
      { id: group.id, owner_id: admin.id },
    ])
  })

  it('answers 401 without a session, 404 to another organization’s admin and 405 to other methods', async () => {
    const { base, params } = await setup()
    expect((await call(groups.loader, `${base}/groups`, { params })).status).toBe(401)
    const stranger = await sessionCookieFor(await createUser())
    const notFound = await call(setActive.action, `${base}/groups/set-active`, {
      method: 'PUT',
      json: { groupIds: [], active: true },
      cookie: stranger,
      params,
    })
    expect(notFound.status).toBe(404)
    expect(await notFound.json()).toEqual({ message: 'ORGANIZATION_NOT_FOUND' })

    const cookie = stranger
    const wrong: [Handler, string, string][] = [
      [groups.action as Handler, 'groups', 'POST'],
      [statistics.loader as Handler, 'groups/statistics', 'GET'],
      [statistics.action as Handler, 'groups/statistics', 'PUT'],
      [setActive.action as Handler, 'groups/set-active', 'POST'],
      [changeOwners.action as Handler, 'groups/change-owners', 'POST'],
      [deleteGroupsApi.action as Handler, 'delete-groups', 'DELETE'],
      [createGroupApi.loader as Handler, 'create-group-with-members', 'GET'],
    ]
    for (const [fn, path, method] of wrong) {
      const res = await call(fn, `${base}/${path}`, { method, cookie, params })
      expect(res.status, `${method} ${path}`).toBe(405)
      expect(await res.json()).toEqual({ message: 'METHOD_NOT_ALLOWED' })
    }
  })
})
