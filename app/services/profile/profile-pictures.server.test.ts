import { randomBytes } from 'node:crypto'
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { db } from '~/db/db.server'
import type { User } from '~/db/schema'
import { createUser } from '../../../tests/support/factories'
import { expectCode } from '../../../tests/support/expect-code'
import { createOrganization } from '../../../tests/support/org-factories'
import { ctxFor } from '../context.server'
import {
  PICTURE_SIZE,
  PROFILE_PICTURE_MAX_BYTES,
  readProfilePicture,
  reencodePicture,
  removeProfilePicture,
  setProfilePicture,
} from './profile-pictures.server'

const ctx = (user: User) => ({ ...ctxFor(user), client: `client-${randomBytes(4).toString('hex')}` })

/** A photo-like JPEG with EXIF (camera, copyright, orientation) and an ICC profile, made by sharp itself. */
const photoWithExif = () =>
  sharp({ create: { width: 800, height: 600, channels: 3, background: { r: 200, g: 30, b: 90 } } })
    .jpeg()
    .withMetadata({ orientation: 6, exif: { IFD0: { Copyright: 'Secret Photographer', Make: 'SpyCam' } } })
    .toBuffer()

describe('reencodePicture', () => {
  it('crops to a 256 px WebP square, upright, with no metadata left', async () => {
    const input = await photoWithExif()
    expect((await sharp(input).metadata()).exif).toBeDefined()
    const output = await reencodePicture(input)
    const meta = await sharp(output).metadata()
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', PICTURE_SIZE, PICTURE_SIZE])
    expect(meta.exif).toBeUndefined()
    expect(meta.icc).toBeUndefined()
    expect(meta.xmp).toBeUndefined()
    expect(output.includes(Buffer.from('Secret Photographer'))).toBe(false)
  })

  it('takes PNG (transparent too) and WebP', async () => {
    const png = await sharp({ create: { width: 300, height: 900, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
      .png()
      .toBuffer()
    const webp = await sharp({ create: { width: 64, height: 64, channels: 3, background: 'white' } })
      .webp()
      .toBuffer()
    for (const input of [png, webp]) expect((await sharp(await reencodePicture(input)).metadata()).width).toBe(PICTURE_SIZE)
  })

  it('refuses a disguised, corrupt or unsupported file with PICTURE_INVALID', async () => {
    const gif = await sharp({ create: { width: 10, height: 10, channels: 3, background: 'red' } })
      .gif()
      .toBuffer()
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>')
    const html = Buffer.from('<!doctype html><script>alert(1)</script>')
    const jpeg = await photoWithExif()
    const truncated = jpeg.subarray(0, Math.floor(jpeg.length / 2))
    const tiff = await sharp({ create: { width: 10, height: 10, channels: 3, background: 'red' } })
      .tiff()
      .toBuffer()
    for (const input of [gif, svg, html, truncated, tiff, Buffer.alloc(0)]) await expectCode(reencodePicture(input), 'PICTURE_INVALID')
  })

  it('refuses more than 5 MB with PICTURE_TOO_LARGE', async () => {
    await expectCode(reencodePicture(Buffer.alloc(PROFILE_PICTURE_MAX_BYTES + 1)), 'PICTURE_TOO_LARGE')
  })
})

describe('profile pictures', () => {
  it('stores the picture with a versioned URL; people sharing an organization may read it, others not', async () => {
    const me = await createUser()
    const colleague = await createUser()
    const stranger = await createUser()
    await createOrganization({ adminIds: [me.id], memberIds: [colleague.id] })
    const { profile_pic } = await setProfilePicture(ctx(me), me.id, await photoWithExif())
    expect(profile_pic).toMatch(new RegExp(`^/users/${me.id}/picture\\?v=[\\w-]{22}$`))
    const row = await db().selectFrom('users').select('profile_pic').where('id', '=', me.id).executeTakeFirstOrThrow()
    expect(row.profile_pic).toBe(profile_pic)
    const picture = await readProfilePicture(ctx(colleague), me.id)
    expect(picture.content_type).toBe('image/webp')
    expect(profile_pic).toContain(picture.etag)
    expect((await sharp(picture.image).metadata()).width).toBe(PICTURE_SIZE)
    await expectCode(readProfilePicture(ctx(stranger), me.id), 'USER_NOT_FOUND')
    await expectCode(setProfilePicture(ctx(colleague), me.id, await photoWithExif()), 'USER_NOT_FOUND')

    await removeProfilePicture(ctx(me), me.id)
    expect((await db().selectFrom('users').select('profile_pic').where('id', '=', me.id).executeTakeFirstOrThrow()).profile_pic).toBeNull()
    await expectCode(readProfilePicture(ctx(me), me.id), 'USER_NOT_FOUND')
  })
})
