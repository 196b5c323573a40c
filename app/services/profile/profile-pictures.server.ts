import { createHash } from 'node:crypto'
import { sharp } from '../images.server'
import { DomainError } from '~/errors'
import { nowIso } from '~/utils/ids.server'
import { PROFILE_PICTURE_MAX_BYTES } from '~/utils/picture-rules'
import type { Ctx } from '../context.server'
import { mayView, requireSelf } from './profile.server'

/**
 * Profile pictures (docs/profile.md, ADR 010). An upload (JPEG, PNG or WebP, at most 5 MB) is decoded by
 * sharp (libvips), turned upright by its EXIF orientation, cropped to a centred square of
 * PICTURE_SIZE px and encoded anew as WebP. Nothing of the file survives but its pixels: no EXIF
 * (GPS position, camera), no ICC profile, no comments, no trailing bytes. The bytes live in the
 * database (`profile_pictures`), the one store every process shares; `users.profile_pic` is the
 * URL, versioned by the hash of the bytes so browsers may cache it.
 */

export { PROFILE_PICTURE_MAX_BYTES }
export const PICTURE_SIZE = 256
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp'])
/** Larger images than this many pixels are refused before decoding (a decompression bomb). */
const MAX_INPUT_PIXELS = 50_000_000

export const pictureUrl = (userId: string, etag: string) => `/users/${encodeURIComponent(userId)}/picture?v=${etag}`

/**
 * The picture re-encoded, or PICTURE_INVALID for anything that is not a whole JPEG, PNG or WebP
 * picture: the format is read from the content (a GIF, SVG or HTML file named .png is refused)
 * and a truncated or corrupt file fails to decode.
 */
export async function reencodePicture(input: Uint8Array): Promise<Buffer> {
  if (input.byteLength > PROFILE_PICTURE_MAX_BYTES) throw new DomainError('PICTURE_TOO_LARGE')
  try {
    const image = sharp(input, { failOn: 'error', limitInputPixels: MAX_INPUT_PIXELS, animated: false })
    const { format } = await image.metadata()
    if (!format || !ACCEPTED_FORMATS.has(format)) throw new DomainError('PICTURE_INVALID')
    return await image.rotate().resize(PICTURE_SIZE, PICTURE_SIZE, { fit: 'cover', position: 'attention' }).webp({ quality: 82 }).toBuffer()
  } catch (error) {
    if (error instanceof DomainError) throw error
    throw new DomainError('PICTURE_INVALID')
  }
}

/** Sets the user's picture from an uploaded file; answers the new URL. */
export async function setProfilePicture(ctx: Ctx, userId: string, upload: Uint8Array) {
  const actor = requireSelf(ctx, userId)
  const image = await reencodePicture(upload)
  const etag = createHash('sha256').update(image).digest('base64url').slice(0, 22)
  const url = pictureUrl(actor.id, etag)
  await ctx.db.transaction().execute(async (trx) => {
    await trx
      .insertInto('profile_pictures')
      .values({ user_id: actor.id, image, content_type: 'image/webp', etag, updated_at: nowIso(ctx.now) })
      .onConflict((oc) => oc.column('user_id').doUpdateSet({ image, content_type: 'image/webp', etag, updated_at: nowIso(ctx.now) }))
      .execute()
    await trx.updateTable('users').set({ profile_pic: url }).where('id', '=', actor.id).execute()
  })
  return { profile_pic: url }
}

/** Removes the picture: initials are shown instead. */
export async function removeProfilePicture(ctx: Ctx, userId: string) {
  const actor = requireSelf(ctx, userId)
  await ctx.db.transaction().execute(async (trx) => {
    await trx.deleteFrom('profile_pictures').where('user_id', '=', actor.id).execute()
    await trx.updateTable('users').set({ profile_pic: null }).where('id', '=', actor.id).execute()
  })
  return { profile_pic: null }
}

/**
 * A picture for whoever may see the user's profile (themself, and people who share an
 * organization or a group with them); anyone else, or a user without one, gets USER_NOT_FOUND.
 */
export async function readProfilePicture(ctx: Ctx, userId: string) {
  if (!(await mayView(ctx, userId))) throw new DomainError('USER_NOT_FOUND')
  const row = await ctx.db
    .selectFrom('profile_pictures')
    .select(['image', 'content_type', 'etag', 'updated_at'])
    .where('user_id', '=', userId)
    .executeTakeFirst()
  if (!row) throw new DomainError('USER_NOT_FOUND')
  return { ...row, image: Buffer.from(row.image) }
}
