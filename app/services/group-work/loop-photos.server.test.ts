import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { db } from '~/db/db.server'
import { createUser } from '../../../tests/support/factories'
import { createComment, createLoop, follow } from '../../../tests/support/group-work-factories'
import { createGroup, createOrganization } from '../../../tests/support/org-factories'
import { ctxFor } from '../context.server'
import { addLoopPhoto, photoFormatOf, readLoopPhoto, reencodeLoopPhoto } from './loop-photos.server'
import { createLoop as writeLoop, getLoop, updateLoop } from './loops.server'

/** Photos: checked by content, re-encoded without metadata, at most three, served through the loop's visibility. */

const image = (format: 'jpeg' | 'png' | 'webp', width = 64, height = 48) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 80, b: 20 } } })
    .toFormat(format)
    .toBuffer()

async function setup() {
  const [author, owner, member, follower, admin, stranger] = await Promise.all(
    ['Author', 'Owner', 'Member', 'Follower', 'Admin', 'Stranger'].map((name) => createUser({ name })),
  )
  const org = await createOrganization({ adminIds: [admin.id] })
  const group = await createGroup(org.id, { ownerId: owner.id, memberIds: [author.id, member.id, [follower.id, 'subscriber']] })
  await follow(group.id, follower.id, author.id)
  return { people: { author, owner, member, follower, admin, stranger }, group }
}

describe('reencodeLoopPhoto', () => {
  it('takes JPEG, PNG and WebP by their content and answers WebP', async () => {
    for (const format of ['jpeg', 'png', 'webp'] as const) {
      const input = await image(format)
      expect(photoFormatOf(input)).toBe(format)
      const out = await reencodeLoopPhoto(input)
      expect(await sharp(out.image).metadata()).toMatchObject({ format: 'webp', width: 64, height: 48 })
    }
  })

  it('scales to 2,048 px on the long side, upright by EXIF, and drops EXIF, location and camera metadata', async () => {
    const input = await sharp({ create: { width: 3000, height: 1000, channels: 3, background: '#3366aa' } })
      .jpeg()
      .withMetadata({
        orientation: 6,
        exif: { IFD0: { Make: 'Kamera AB', Model: 'X1' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '59/1 20/1 0/1' } },
      })
      .toBuffer()
    expect((await sharp(input).metadata()).exif).toBeDefined()
    const out = await reencodeLoopPhoto(input)
    const meta = await sharp(out.image).metadata()
    // Orientation 6 turns it a quarter: 1000 × 3000, scaled to fit 2048.
    expect([meta.width, meta.height]).toEqual([683, 2048])
    expect(meta.exif).toBeUndefined()
    expect(meta.icc).toBeUndefined()
    expect(meta.orientation).toBeUndefined()
  })

  it('refuses a text file named .jpg, a GIF, a truncated picture and one over 5 MB', async () => {
    await expect(reencodeLoopPhoto(Buffer.from('hello, I am not a photo'))).rejects.toMatchObject({ code: 'PHOTO_INVALID' })
    const gif = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#000' } })
      .gif()
      .toBuffer()
    await expect(reencodeLoopPhoto(gif)).rejects.toMatchObject({ code: 'PHOTO_INVALID' })
    // JPEG magic bytes and then HTML: claims to be an image.
    await expect(reencodeLoopPhoto(Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), Buffer.from('<html>')]))).rejects.toMatchObject({
      code: 'PHOTO_INVALID',
    })
    const png = await image('png')
    await expect(reencodeLoopPhoto(png.subarray(0, png.length / 2))).rejects.toMatchObject({ code: 'PHOTO_INVALID' })
    await expect(reencodeLoopPhoto(Buffer.alloc(5 * 1024 * 1024 + 1, 0xff))).rejects.toMatchObject({ code: 'PHOTO_TOO_LARGE' })
  })
})

describe('a loop’s photos', () => {
  it('stores up to three with the loop, refuses a fourth, and keeps photo_count', async () => {
    const s = await setup()
    const ctx = ctxFor(s.people.author)
    const photos = await Promise.all([image('jpeg'), image('png'), image('webp')])
    const { id } = await writeLoop(ctx, s.group.id, { taskId: null, text: 'Med foton', emotion: 3, tags: [], photos })
    const loop = await getLoop(ctx, s.group.id, id)
    expect(loop.photos).toHaveLength(3)
    expect(loop.photos[0]!.url).toBe(`/groups/${s.group.id}/loops/${id}/photos/${loop.photos[0]!.id}`)
    await expect(addLoopPhoto(ctx, s.group.id, id, await image('png'))).rejects.toMatchObject({ code: 'PHOTO_LIMIT_REACHED' })
    await expect(
      writeLoop(ctx, s.group.id, { taskId: null, text: 'Fyra', emotion: 3, tags: [], photos: [...photos, photos[0]!] }),
    ).rejects.toMatchObject({ code: 'PHOTO_LIMIT_REACHED' })
    await updateLoop(ctx, s.group.id, id, { removePhotos: [loop.photos[1]!.id] })
    const row = await db().selectFrom('loops').select('photo_count').where('id', '=', id).executeTakeFirstOrThrow()
    expect(Number(row.photo_count)).toBe(2)
    await addLoopPhoto(ctx, s.group.id, id, await image('png'))
    expect((await getLoop(ctx, s.group.id, id)).photos).toHaveLength(3)
  })

  it('writes no loop when a photo is refused', async () => {
    const s = await setup()
    await expect(
      writeLoop(ctxFor(s.people.author), s.group.id, { taskId: null, text: 'x', emotion: 3, tags: [], photos: [Buffer.from('fake')] }),
    ).rejects.toMatchObject({ code: 'PHOTO_INVALID' })
    expect(await db().selectFrom('loops').select('id').where('group_id', '=', s.group.id).execute()).toEqual([])
  })

  it('serves a photo to those who see the loop only; others get GROUP_NOT_FOUND', async () => {
    const s = await setup()
    const { id } = await writeLoop(ctxFor(s.people.author), s.group.id, {
      taskId: null,
      text: 'x',
      emotion: 3,
      tags: [],
      photos: [await image('png')],
    })
    const [photo] = (await getLoop(ctxFor(s.people.author), s.group.id, id)).photos
    for (const who of ['author', 'owner', 'follower'] as const) {
      const read = await readLoopPhoto(ctxFor(s.people[who]), s.group.id, id, photo!.id)
      expect(read.content_type).toBe('image/webp')
    }
    for (const who of ['member', 'admin', 'stranger'] as const)
      await expect(readLoopPhoto(ctxFor(s.people[who]), s.group.id, id, photo!.id)).rejects.toMatchObject({ code: 'GROUP_NOT_FOUND' })
    // The photo's id under another loop of the author: not found.
    const other = await createLoop(s.group.id, s.people.author.id)
    await expect(readLoopPhoto(ctxFor(s.people.author), s.group.id, other.id, photo!.id)).rejects.toMatchObject({ code: 'GROUP_NOT_FOUND' })
  })

  it('adds no photo to someone else’s loop nor to a commented one', async () => {
    const s = await setup()
    const loop = await createLoop(s.group.id, s.people.author.id)
    await expect(addLoopPhoto(ctxFor(s.people.owner), s.group.id, loop.id, await image('png'))).rejects.toMatchObject({ code: 'FORBIDDEN' })
    await expect(addLoopPhoto(ctxFor(s.people.member), s.group.id, loop.id, await image('png'))).rejects.toMatchObject({
      code: 'GROUP_NOT_FOUND',
    })
    await createComment(loop.id, s.people.owner.id)
    await expect(addLoopPhoto(ctxFor(s.people.author), s.group.id, loop.id, await image('png'))).rejects.toMatchObject({
      code: 'LOOP_LOCKED',
    })
  })
})
