import { describe, expect, it } from 'vitest'
import { db } from '~/db/db.server'
import type { User } from '~/db/schema'
import { args, createUser, makeRequest, sessionCookieFor } from '../../../../tests/support/factories'
import { createLoop, createTag, createTask } from '../../../../tests/support/group-work-factories'
import { createGroup, createOrganization } from '../../../../tests/support/org-factories'
import * as tagRoute from './tag'
import * as tagsRoute from './tags'
import * as taskRoute from './task'
import * as tasksRoute from './tasks'

type Module = { loader: (a: never) => unknown; action: (a: never) => unknown }

async function call(module: Module, path: string, params: Record<string, string>, method = 'GET', user?: User, json?: unknown) {
  const request = makeRequest(path, { method, json, cookie: user ? await sessionCookieFor(user) : undefined })
  const a = args(request, params) as never
  const res = (await Promise.resolve(method === 'GET' ? module.loader(a) : module.action(a)).catch((e: unknown) => e)) as Response
  return { status: res.status, body: await res.json() }
}

async function setup() {
  const [owner, leader, member, admin, stranger] = await Promise.all(
    ['Olga', 'Lars', 'Mia', 'Ada', 'Sten'].map((name) => createUser({ name })),
  )
  const org = await createOrganization({ adminIds: [admin.id] })
  const group = await createGroup(org.id, { ownerId: owner.id, memberIds: [[leader.id, 'leader'], member.id] })
  const published = await createTask(group.id, { title: 'Öppning' })
  const draft = await createTask(group.id, { title: 'Slutspel', published: false })
  const tag = await createTag(group.id, 'Lugn')
  const base = `/api/v3/groups/${group.id}`
  return { owner, leader, member, admin, stranger, org, group, published, draft, tag, base }
}

describe('the tasks API', () => {
  it('GET answers each as they see: a member published tasks of their role, a leader and an admin every task; a stranger 404, signed out 401', async () => {
    const s = await setup()
    const list = async (user?: User) => call(tasksRoute, `${s.base}/tasks`, { groupId: s.group.id }, 'GET', user)
    const member = await list(s.member)
    expect(member.status).toBe(200)
    expect(member.body).toEqual([
      {
        _id: s.published.id,
        title: 'Öppning',
        description: '',
        roles: ['member'],
        published: true,
        publishAt: expect.any(String),
        dueAt: null,
        order: 0,
      },
    ])
    expect((await list(s.leader)).body.map((t: { title: string }) => t.title)).toEqual(['Öppning', 'Slutspel'])
    expect((await list(s.admin)).body).toHaveLength(2)
    expect(await list(s.stranger)).toEqual({ status: 404, body: { message: 'GROUP_NOT_FOUND' } })
    expect((await list()).status).toBe(401)
  })

  it('POST, PATCH and DELETE for a leader; the same refused for a member and an admin outside (403) and a stranger (404), nothing changed', async () => {
    const s = await setup()
    const created = await call(tasksRoute, `${s.base}/tasks`, { groupId: s.group.id }, 'POST', s.leader, {
      title: 'Mittspel',
      roles: ['member', 'subscriber'],
      published: true,
      dueAt: '2030-05-01T12:00:00+02:00',
    })
    expect(created.status).toBe(201)
    expect(created.body).toMatchObject({
      title: 'Mittspel',
      roles: ['member', 'subscriber'],
      published: true,
      dueAt: '2030-05-01T10:00:00.000Z',
      order: 2,
    })
    const id = created.body._id as string
    const taskPath = `${s.base}/tasks/${id}`
    const patched = await call(taskRoute, taskPath, { groupId: s.group.id, taskId: id }, 'PATCH', s.owner, { order: 0, published: false })
    expect(patched.body).toMatchObject({ order: 0, published: false, publishAt: null })
    const bad = await call(taskRoute, taskPath, { groupId: s.group.id, taskId: id }, 'PATCH', s.owner, { title: '', roles: [] })
    expect(bad.status).toBe(400)
    expect(bad.body.message).toBe('BAD_REQUEST')
    expect(Object.keys(bad.body.errors).sort()).toEqual(['roles', 'title'])

    for (const [user, code] of [
      [s.member, 'FORBIDDEN'],
      [s.admin, 'FORBIDDEN'],
      [s.stranger, 'GROUP_NOT_FOUND'],
    ] as const) {
      const post = await call(tasksRoute, `${s.base}/tasks`, { groupId: s.group.id }, 'POST', user, { title: 'Nej' })
      const patch = await call(taskRoute, taskPath, { groupId: s.group.id, taskId: id }, 'PATCH', user, { title: 'Nej' })
      const del = await call(taskRoute, taskPath, { groupId: s.group.id, taskId: id }, 'DELETE', user)
      for (const res of [post, patch, del]) expect(res.body).toEqual({ message: code })
    }
    await createLoop(s.group.id, s.member.id, { taskId: id })
    expect(await call(taskRoute, taskPath, { groupId: s.group.id, taskId: id }, 'DELETE', s.leader)).toEqual({ status: 200, body: {} })
    const titles = (
      await db().selectFrom('group_tasks').select('title').where('group_id', '=', s.group.id).orderBy('position').execute()
    ).map((r) => r.title)
    expect(titles).toEqual(['Öppning', 'Slutspel'])
    expect(await db().selectFrom('loops').select('task_id').where('group_id', '=', s.group.id).execute()).toEqual([{ task_id: null }])
  })

  it('a task of another group is 404 even for the owner of both', async () => {
    const s = await setup()
    const other = await createGroup(s.org.id, { ownerId: s.owner.id })
    const foreign = await createTask(other.id)
    const res = await call(taskRoute, `${s.base}/tasks/${foreign.id}`, { groupId: s.group.id, taskId: foreign.id }, 'DELETE', s.owner)
    expect(res).toEqual({ status: 404, body: { message: 'GROUP_NOT_FOUND' } })
  })
})

describe('the tags API', () => {
  it('lists, adds, renames and deletes; refuses a taken name, members and strangers', async () => {
    const s = await setup()
    const tags = async (user: User) => call(tagsRoute, `${s.base}/tags`, { groupId: s.group.id }, 'GET', user)
    expect((await tags(s.member)).body).toEqual([{ _id: s.tag.id, name: 'Lugn', description: '' }])
    const created = await call(tagsRoute, `${s.base}/tags`, { groupId: s.group.id }, 'POST', s.leader, {
      name: 'Modig',
      description: 'Vågar',
    })
    expect(created).toEqual({ status: 201, body: { _id: expect.any(String), name: 'Modig', description: 'Vågar' } })
    const taken = await call(tagsRoute, `${s.base}/tags`, { groupId: s.group.id }, 'POST', s.leader, { name: 'LUGN' })
    expect(taken).toEqual({ status: 409, body: { message: 'TAG_NAME_TAKEN' } })
    const tagPath = `${s.base}/tags/${s.tag.id}`
    const params = { groupId: s.group.id, tagId: s.tag.id }
    expect((await call(tagRoute, tagPath, params, 'PATCH', s.owner, { name: 'Trygg' })).body).toEqual({
      _id: s.tag.id,
      name: 'Trygg',
      description: '',
    })
    expect((await call(tagRoute, tagPath, params, 'PATCH', s.member, { name: 'Nej' })).body).toEqual({ message: 'FORBIDDEN' })
    expect((await call(tagRoute, tagPath, params, 'DELETE', s.admin)).body).toEqual({ message: 'FORBIDDEN' })
    expect((await call(tagRoute, tagPath, params, 'DELETE', s.stranger)).body).toEqual({ message: 'GROUP_NOT_FOUND' })
    expect((await call(tagRoute, tagPath, params, 'DELETE', s.owner)).status).toBe(200)
    expect((await tags(s.owner)).body.map((t: { name: string }) => t.name)).toEqual(['Modig'])
  })
})
