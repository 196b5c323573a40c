import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { db } from '~/db/db.server'
import type { User } from '~/db/schema'
import { args, createUser, makeRequest, run, sessionCookieFor } from '../../../../tests/support/factories'
import { createComment, createLoop, createTask } from '../../../../tests/support/group-work-factories'
import { createGroup, createOrganization } from '../../../../tests/support/org-factories'
import { readToast } from '~/http/toast.server'
import * as detailPage from './detail'
import * as editPage from './edit'
import * as listPage from './list'
import * as myLoopsPage from './my-loops'
import * as newPage from './new'
import * as photoRoute from './photo'

/** The loop screens called as plain functions: the form (multipart), the loop page, its photo, the list and My loops. */

async function setup() {
  const [author, owner, member, stranger] = await Promise.all(['Author', 'Owner', 'Member', 'Stranger'].map((name) => createUser({ name })))
  const org = await createOrganization()
  const group = await createGroup(org.id, { ownerId: owner.id, memberIds: [author.id, member.id] })
  const task = await createTask(group.id, { title: 'Första veckan' })
  return { people: { author, owner, member, stranger }, group, task }
}

const png = () =>
  sharp({ create: { width: 40, height: 30, channels: 3, background: '#36c' } })
    .png()
    .toBuffer()

async function postForm(path: string, user: User, fields: Record<string, string | string[]>, photos: Buffer[] = []) {
  const body = new FormData()
  for (const [k, v] of Object.entries(fields)) for (const item of [v].flat()) body.append(k, item)
  for (const photo of photos) body.append('photos', new Blob([new Uint8Array(photo)], { type: 'image/png' }), 'photo.png')
  if (!photos.length) body.append('photos', new Blob([]), '')
  const request = new Request(`http://localhost:3000${path}`, { method: 'POST', body, headers: { Cookie: await sessionCookieFor(user) } })
  return request
}

describe('the loop form (/groups/:groupId/loops/new)', () => {
  it('names the task of ?task= and sends a loop with a photo, then shows it on its page', async () => {
    const s = await setup()
    const cookie = await sessionCookieFor(s.people.author)
    const page = await run(() =>
      newPage.loader(args(makeRequest(`/groups/${s.group.id}/loops/new?task=${s.task.id}`, { cookie }), { groupId: s.group.id })),
    )
    expect(page.data).toMatchObject({ canSend: true, task: { id: s.task.id, title: 'Första veckan' } })
    const request = await postForm(
      `/groups/${s.group.id}/loops/new`,
      s.people.author,
      { task: s.task.id, text: 'Det gick bra', emotion: '4' },
      [await png()],
    )
    const sent = await run(() => newPage.action(args(request, { groupId: s.group.id })))
    expect(sent.status).toBe(302)
    const location = sent.headers.get('Location')!
    expect(location).toMatch(new RegExp(`^/groups/${s.group.id}/loops/\\w+$`))
    const toast = await readToast(new Request('http://x/', { headers: { Cookie: sent.headers.get('Set-Cookie') ?? '' } }))
    expect(toast.toast?.key).toBe('loops.form.sent')
    const loopId = location.split('/').pop()!
    const shown = await run(() => detailPage.loader(args(makeRequest(location, { cookie }), { groupId: s.group.id, loopId })))
    expect(shown.data.loop).toMatchObject({ text: 'Det gick bra', emotion: 4, task: { title: 'Första veckan' } })
    expect(shown.data.loop.photos).toHaveLength(1)
  })

  it('answers the form again with everything typed on bad input, a fake photo or a refusal, and writes nothing', async () => {
    const s = await setup()
    const path = `/groups/${s.group.id}/loops/new`
    const bad = await run(async () =>
      newPage.action(
        args(await postForm(path, s.people.author, { task: s.task.id, text: 'Behåll mig', emotion: '' }), { groupId: s.group.id }),
      ),
    )
    expect(bad.status).toBe(400)
    expect(bad.data).toMatchObject({
      values: { text: 'Behåll mig', task: s.task.id },
      errors: { emotion: ['loops.form.emotionRequired'] },
      photosDropped: false,
    })
    const fake = await run(async () =>
      newPage.action(
        args(await postForm(path, s.people.author, { task: s.task.id, text: 'Med foto', emotion: '3' }, [Buffer.from('text')]), {
          groupId: s.group.id,
        }),
      ),
    )
    expect(fake.status).toBe(400)
    expect(fake.data).toMatchObject({ values: { text: 'Med foto' }, errors: { photos: ['errors.PHOTO_INVALID'] }, photosDropped: true })
    const four = await run(async () =>
      newPage.action(
        args(
          await postForm(path, s.people.author, { task: s.task.id, text: 'Fyra', emotion: '3' }, [
            await png(),
            await png(),
            await png(),
            await png(),
          ]),
          { groupId: s.group.id },
        ),
      ),
    )
    expect(four.data).toMatchObject({ errors: { photos: ['loops.form.tooManyPhotos'] } })
    await db().updateTable('groups').set({ free_loops: 0 }).where('id', '=', s.group.id).execute()
    const free = await run(async () =>
      newPage.action(args(await postForm(path, s.people.author, { task: 'free', text: 'Fri', emotion: '3' }), { groupId: s.group.id })),
    )
    expect(free).toMatchObject({ status: 403, data: { error: 'errors.FREE_LOOPS_OFF', values: { text: 'Fri' } } })
    expect(await db().selectFrom('loops').select('id').where('group_id', '=', s.group.id).execute()).toEqual([])
  })

  it('is not found for a stranger, before the body is read', async () => {
    const s = await setup()
    const res = await run(async () =>
      newPage.action(
        args(await postForm(`/groups/${s.group.id}/loops/new`, s.people.stranger, { task: s.task.id, text: 'x', emotion: '3' }), {
          groupId: s.group.id,
        }),
      ),
    )
    expect(res.status).toBe(404)
  })
})

describe('the loop page, its photo and edit', () => {
  it('shows the loop to its author and the owner; 404 for another member and a stranger, and for its photo', async () => {
    const s = await setup()
    const request = await postForm(`/groups/${s.group.id}/loops/new`, s.people.author, { task: s.task.id, text: 'Foto', emotion: '5' }, [
      await png(),
    ])
    const sent = await run(() => newPage.action(args(request, { groupId: s.group.id })))
    const loopId = sent.headers.get('Location')!.split('/').pop()!
    const [photo] = (await db().selectFrom('loop_photos').select('id').where('loop_id', '=', loopId).execute()).map((p) => p.id)
    const params = { groupId: s.group.id, loopId, photoId: photo! }
    const photoPath = `/groups/${s.group.id}/loops/${loopId}/photos/${photo}`
    for (const user of [s.people.author, s.people.owner]) {
      const cookie = await sessionCookieFor(user)
      const res = (await photoRoute.loader(args(makeRequest(photoPath, { cookie }), params))) as Response
      expect(res.status).toBe(200)
      expect(res.headers.get('Content-Type')).toBe('image/webp')
      expect(res.headers.get('Cache-Control')).toMatch(/^private/)
      const etag = res.headers.get('ETag')!
      const again = (await photoRoute.loader(
        args(makeRequest(photoPath, { cookie, headers: { 'If-None-Match': etag } }), params),
      )) as Response
      expect(again.status).toBe(304)
    }
    for (const user of [s.people.member, s.people.stranger]) {
      const cookie = await sessionCookieFor(user)
      // routeCall throws the 404 (a resource route answers a thrown Response as it is).
      expect((await run(() => photoRoute.loader(args(makeRequest(photoPath, { cookie }), params)))).status).toBe(404)
      expect(
        (await run(() => detailPage.loader(args(makeRequest(`/groups/${s.group.id}/loops/${loopId}`, { cookie }), params)))).status,
      ).toBe(404)
    }
    expect(((await photoRoute.loader(args(makeRequest(photoPath), params))) as Response).status).toBe(404)
  })

  it('deletes only after confirmation, and only the author', async () => {
    const s = await setup()
    const loop = await createLoop(s.group.id, s.people.author.id, { taskId: s.task.id })
    const params = { groupId: s.group.id, loopId: loop.id }
    const path = `/groups/${s.group.id}/loops/${loop.id}`
    const post = async (user: User, form: Record<string, string>) =>
      run(async () => detailPage.action(args(makeRequest(path, { form, cookie: await sessionCookieFor(user) }), params)))
    expect((await post(s.people.author, { intent: 'delete' })).data).toEqual({ intent: 'confirm-delete' })
    const refused = await post(s.people.owner, { intent: 'delete', confirmed: '1' })
    expect([refused.status, refused.headers.get('Location')]).toEqual([302, path])
    expect((await post(s.people.member, { intent: 'delete', confirmed: '1' })).status).toBe(404)
    expect(await db().selectFrom('loops').select('id').where('id', '=', loop.id).execute()).toHaveLength(1)
    const done = await post(s.people.author, { intent: 'delete', confirmed: '1' })
    expect([done.status, done.headers.get('Location')]).toEqual([302, `/groups/${s.group.id}/loops`])
    expect(await db().selectFrom('loops').select('id').where('id', '=', loop.id).execute()).toEqual([])
  })

  it('edits until someone comments; then back to the loop', async () => {
    const s = await setup()
    const loop = await createLoop(s.group.id, s.people.author.id, { taskId: s.task.id, text: 'Före' })
    const params = { groupId: s.group.id, loopId: loop.id }
    const path = `/groups/${s.group.id}/loops/${loop.id}/edit`
    const saved = await run(async () =>
      editPage.action(args(await postForm(path, s.people.author, { text: 'Efter', emotion: '2' }), params)),
    )
    expect(saved.headers.get('Location')).toBe(`/groups/${s.group.id}/loops/${loop.id}`)
    expect((await db().selectFrom('loops').select('text').where('id', '=', loop.id).executeTakeFirstOrThrow()).text).toBe('Efter')
    await createComment(loop.id, s.people.owner.id)
    const locked = await run(async () =>
      editPage.loader(args(makeRequest(path, { cookie: await sessionCookieFor(s.people.author) }), params)),
    )
    expect([locked.status, locked.headers.get('Location')]).toEqual([302, `/groups/${s.group.id}/loops/${loop.id}`])
  })
})

describe('the Loops tab and My loops', () => {
  it('lists own loops for a member and all for the owner; My loops lists the author’s', async () => {
    const s = await setup()
    const mine = await createLoop(s.group.id, s.people.author.id)
    const theirs = await createLoop(s.group.id, s.people.member.id)
    const list = async (user: User) =>
      (
        await run(async () =>
          listPage.loader(
            args(makeRequest(`/groups/${s.group.id}/loops`, { cookie: await sessionCookieFor(user) }), { groupId: s.group.id }),
          ),
        )
      ).data
    expect((await list(s.people.author)).loops.map((l: { id: string }) => l.id)).toEqual([mine.id])
    expect((await list(s.people.owner)).loops.map((l: { id: string }) => l.id).sort()).toEqual([mine.id, theirs.id].sort())
    expect((await list(s.people.author)).choices.members).toEqual([])
    const my = await run(async () => myLoopsPage.loader(args(makeRequest('/loops', { cookie: await sessionCookieFor(s.people.author) }))))
    expect(my.data.loops.map((l: { id: string }) => l.id)).toEqual([mine.id])
  })
})
