import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { db } from '~/db/db.server'
import type { User } from '~/db/schema'
import { args, createUser, makeRequest, sessionCookieFor } from '../../../../tests/support/factories'
import { createComment, createLoop, createTag, createTask, follow } from '../../../../tests/support/group-work-factories'
import { createGroup, createOrganization } from '../../../../tests/support/org-factories'
import * as loopApi from './loop'
import * as loopsApi from './loops'
import * as mineApi from './mine'
import * as photosApi from './photos'

/** The loops API per role: answers, refusals from the catalogue (never a 500), and nothing changed by a refusal. */

type Handler = (a: ReturnType<typeof args>) => unknown
async function call(
  fn: Handler,
  path: string,
  init: { method?: string; json?: unknown; user?: User; params?: Record<string, string>; body?: FormData },
) {
  const cookie = init.user ? await sessionCookieFor(init.user) : undefined
  const request = init.body
    ? new Request(`http://localhost:3000${path}`, { method: 'POST', body: init.body, headers: cookie ? { Cookie: cookie } : {} })
    : makeRequest(path, { method: init.method ?? 'GET', json: init.json, cookie })
  const res = (await Promise.resolve(fn(args(request, init.params))).catch((thrown: unknown) => thrown)) as Response
  const text = res.status === 204 ? '' : await res.text()
  return { status: res.status, body: text ? JSON.parse(text) : null }
}

async function setup() {
  const [author, owner, member, follower, lonely, admin, stranger] = await Promise.all(
    ['Author', 'Owner', 'Member', 'Follower', 'Lonely', 'Admin', 'Stranger'].map((name) => createUser({ name })),
  )
  const org = await createOrganization({ adminIds: [admin.id] })
  const group = await createGroup(org.id, {
    ownerId: owner.id,
    memberIds: [author.id, member.id, [follower.id, 'subscriber'], [lonely.id, 'subscriber']],
  })
  await follow(group.id, follower.id, author.id)
  const task = await createTask(group.id, { title: 'Uppgift 1' })
  const tag = await createTag(group.id, 'Mod')
  const loop = await createLoop(group.id, author.id, { taskId: task.id, text: 'Hemligt', tagIds: [tag.id] })
  return { people: { author, owner, member, follower, lonely, admin, stranger }, group, task, tag, loop }
}

const loopsPath = (g: string) => `/api/v3/groups/${g}/loops`
const loopPath = (g: string, l: string) => `/api/v3/groups/${g}/loops/${l}`

describe('GET /api/v3/groups/{groupId}/loops and /loops/{loopId}', () => {
  it('answers each role what it may see, and 404 GROUP_NOT_FOUND for a loop it may not', async () => {
    const s = await setup()
    const params = { groupId: s.group.id, loopId: s.loop.id }
    for (const who of ['author', 'owner', 'follower'] as const) {
      const list = await call(loopsApi.loader, loopsPath(s.group.id), { user: s.people[who], params })
      expect(list.status).toBe(200)
      expect(list.body.loops.map((l: { _id: string }) => l._id)).toEqual([s.loop.id])
      const one = await call(loopApi.loader, loopPath(s.group.id, s.loop.id), { user: s.people[who], params })
      expect(one.body).toMatchObject({
        _id: s.loop.id,
        task: { _id: s.task.id, title: 'Uppgift 1' },
        author: { _id: s.people.author.id, name: 'Author' },
        text: 'Hemligt',
        tags: [{ _id: s.tag.id, name: 'Mod' }],
        photos: [],
        approved: null,
        comments: [],
      })
    }
    for (const who of ['member', 'lonely', 'admin'] as const) {
      const list = await call(loopsApi.loader, loopsPath(s.group.id), { user: s.people[who], params })
      expect([list.status, list.body.loops]).toEqual([200, []])
    }
    for (const who of ['member', 'lonely', 'admin', 'stranger'] as const) {
      const one = await call(loopApi.loader, loopPath(s.group.id, s.loop.id), { user: s.people[who], params })
      expect([one.status, one.body]).toEqual([404, { message: 'GROUP_NOT_FOUND' }])
    }
    const strangerList = await call(loopsApi.loader, loopsPath(s.group.id), { user: s.people.stranger, params })
    expect([strangerList.status, strangerList.body]).toEqual([404, { message: 'GROUP_NOT_FOUND' }])
    const anonymous = await call(loopsApi.loader, loopsPath(s.group.id), { params })
    expect(anonymous.status).toBe(401)
    const badCursor = await call(loopsApi.loader, `${loopsPath(s.group.id)}?cursor=zzz`, { user: s.people.owner, params })
    expect([badCursor.status, badCursor.body.message]).toEqual([400, 'BAD_REQUEST'])
  })
})

describe('POST /api/v3/groups/{groupId}/loops', () => {
  it('writes a loop (201), and refuses without a change: a flag lacking, bad input with its fields, another group’s task', async () => {
    const s = await setup()
    const params = { groupId: s.group.id }
    const created = await call(loopsApi.action, loopsPath(s.group.id), {
      method: 'POST',
      user: s.people.member,
      params,
      json: { taskId: s.task.id, text: 'Min loop', emotion: 5, tags: [s.tag.id] },
    })
    expect(created.status).toBe(201)
    expect(created.body).toMatchObject({ text: 'Min loop', emotion: 5, author: { name: 'Member' }, tags: [{ name: 'Mod' }] })
    const count = async () => (await db().selectFrom('loops').select('id').where('group_id', '=', s.group.id).execute()).length
    const before = await count()
    const post = (user: User, json: unknown) => call(loopsApi.action, loopsPath(s.group.id), { method: 'POST', user, params, json })
    expect(await post(s.people.follower, { text: 'x', emotion: 3 })).toEqual({ status: 403, body: { message: 'FORBIDDEN' } })
    expect(await post(s.people.admin, { text: 'x', emotion: 3 })).toEqual({ status: 403, body: { message: 'FORBIDDEN' } })
    expect(await post(s.people.stranger, { text: 'x', emotion: 3 })).toEqual({ status: 404, body: { message: 'GROUP_NOT_FOUND' } })
    const bad = await post(s.people.member, { text: '', emotion: 9, tags: 'no' })
    expect(bad.status).toBe(400)
    expect(Object.keys(bad.body.errors).sort()).toEqual(['emotion', 'tags', 'text'])
    const other = await createGroup((await createOrganization()).id, { ownerId: s.people.member.id })
    const foreignTask = await createTask(other.id)
    expect(await post(s.people.member, { taskId: foreignTask.id, text: 'x', emotion: 3 })).toEqual({
      status: 404,
      body: { message: 'GROUP_NOT_FOUND' },
    })
    await db().updateTable('groups').set({ free_loops: 0 }).where('id', '=', s.group.id).execute()
    expect(await post(s.people.member, { text: 'x', emotion: 3 })).toEqual({ status: 403, body: { message: 'FREE_LOOPS_OFF' } })
    expect(await count()).toBe(before)
  })
})

describe('PATCH and DELETE /api/v3/groups/{groupId}/loops/{loopId}', () => {
  it('lets the author change and delete; others are refused; LOOP_LOCKED once commented', async () => {
    const s = await setup()
    const params = { groupId: s.group.id, loopId: s.loop.id }
    const patch = (user: User, json: unknown) =>
      call(loopApi.action, loopPath(s.group.id, s.loop.id), { method: 'PATCH', user, params, json })
    const changed = await patch(s.people.author, { text: 'Nytt', emotion: 1 })
    expect([changed.status, changed.body.text, changed.body.emotion]).toEqual([200, 'Nytt', 1])
    expect(changed.body.edited).not.toBeNull()
    expect(await patch(s.people.owner, { text: 'x' })).toEqual({ status: 403, body: { message: 'FORBIDDEN' } })
    expect(await patch(s.people.member, { text: 'x' })).toEqual({ status: 404, body: { message: 'GROUP_NOT_FOUND' } })
    expect((await patch(s.people.author, { unknown: 1 })).status).toBe(400)
    await createComment(s.loop.id, s.people.owner.id)
    expect(await patch(s.people.author, { text: 'late' })).toEqual({ status: 409, body: { message: 'LOOP_LOCKED' } })
    const del = (user: User) => call(loopApi.action, loopPath(s.group.id, s.loop.id), { method: 'DELETE', user, params })
    expect(await del(s.people.owner)).toEqual({ status: 403, body: { message: 'FORBIDDEN' } })
    expect(await del(s.people.stranger)).toEqual({ status: 404, body: { message: 'GROUP_NOT_FOUND' } })
    expect(await del(s.people.author)).toEqual({ status: 204, body: null })
    expect(await del(s.people.author)).toEqual({ status: 404, body: { message: 'GROUP_NOT_FOUND' } })
  })
})

describe('POST /api/v3/groups/{groupId}/loops/{loopId}/photos', () => {
  const upload = (bytes: Uint8Array, name = 'photo.png') => {
    const body = new FormData()
    body.append('photo', new Blob([new Uint8Array(bytes)]), name)
    return body
  }

  it('adds a photo to the author’s loop; refuses a fake image, others’ loops and a fourth photo', async () => {
    const s = await setup()
    const params = { groupId: s.group.id, loopId: s.loop.id }
    const path = `${loopPath(s.group.id, s.loop.id)}/photos`
    const png = await sharp({ create: { width: 30, height: 20, channels: 3, background: '#0a0' } })
      .png()
      .toBuffer()
    const added = await call(photosApi.action, path, { user: s.people.author, params, body: upload(png) })
    expect(added.status).toBe(201)
    expect(added.body).toMatchObject({ width: 30, height: 20, url: `/groups/${s.group.id}/loops/${s.loop.id}/photos/${added.body._id}` })
    expect(
      await call(photosApi.action, path, { user: s.people.author, params, body: upload(Buffer.from('not an image'), 'x.jpg') }),
    ).toEqual({
      status: 400,
      body: { message: 'PHOTO_INVALID' },
    })
    expect(await call(photosApi.action, path, { user: s.people.owner, params, body: upload(png) })).toEqual({
      status: 403,
      body: { message: 'FORBIDDEN' },
    })
    expect(await call(photosApi.action, path, { user: s.people.member, params, body: upload(png) })).toEqual({
      status: 404,
      body: { message: 'GROUP_NOT_FOUND' },
    })
    expect((await call(photosApi.action, path, { user: s.people.author, params, body: new FormData() })).status).toBe(400)
    await call(photosApi.action, path, { user: s.people.author, params, body: upload(png) })
    await call(photosApi.action, path, { user: s.people.author, params, body: upload(png) })
    expect(await call(photosApi.action, path, { user: s.people.author, params, body: upload(png) })).toEqual({
      status: 409,
      body: { message: 'PHOTO_LIMIT_REACHED' },
    })
    const json = await call(photosApi.action, path, { method: 'POST', user: s.people.author, params, json: {} })
    expect([json.status, json.body]).toEqual([415, { message: 'UNSUPPORTED_MEDIA_TYPE' }])
  })
})

describe('GET /api/v3/loops/mine', () => {
  it('answers the caller’s own loops only', async () => {
    const s = await setup()
    const mine = await call(mineApi.loader, '/api/v3/loops/mine', { user: s.people.author })
    expect(mine.body.loops.map((l: { _id: string }) => l._id)).toEqual([s.loop.id])
    expect(mine.body.loops[0].group).toEqual({ _id: s.group.id, name: s.group.name })
    expect((await call(mineApi.loader, '/api/v3/loops/mine', { user: s.people.owner })).body).toEqual({ loops: [], next: null })
    expect((await call(mineApi.loader, '/api/v3/loops/mine', {})).status).toBe(401)
  })
})
