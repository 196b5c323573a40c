import { createHash } from 'node:crypto'
import { sharp } from '../images.server'
import type { DB } from '~/db/db.server'
import { DomainError } from '~/errors'
import { newId, nowIso } from '~/utils/ids.server'
import { LOOP_PHOTO_LIMIT, LOOP_PHOTO_MAX_BYTES, LOOP_PHOTO_MAX_SIDE } from '~/utils/loop-photo-rules'
import type { Ctx } from '../context.server'
import { loopVisibility, requireGroupWork } from './group-work-access.server'
import { requireOwnLoop } from './loop-owner.server'

/**
 * A loop's photos (docs/group-work.md "Photos"). A file is taken when its content is a JPEG, PNG or
 * WebP picture (its first bytes, then sharp's reading of it; the name and the browser's type are
 * not trusted), of at most 5 MB. It is turned upright by its EXIF orientation, scaled down to
 * at most 2,048 px on its long side and encoded anew as WebP: nothing of the file survives but its
 * pixels (no EXIF, GPS position, camera, ICC profile or comment). The bytes live in the database
 * (`loop_photos`, as profile pictures do, ADR 010) and are served only through the loop's
 * visibility check.
 */

/** Larger images than this many pixels are refused before decoding (a decompression bomb). */
const MAX_INPUT_PIXELS = 50_000_000

export const loopPhotoUrl = (groupId: string, loopId: string, photoId: string) =>
  `/groups/${encodeURIComponent(groupId)}/loops/${encodeURIComponent(loopId)}/photos/${encodeURIComponent(photoId)}`

/** The format its first bytes say, or null: JPEG (FF D8 FF), PNG (its 8-byte signature), WebP (RIFF….WEBP). */
export function photoFormatOf(bytes: Uint8Array): 'jpeg' | 'png' | 'webp' | null {
  const starts = (offset: number, ...values: number[]) => values.every((v, i) => bytes[offset + i] === v)
  if (starts(0, 0xff, 0xd8, 0xff)) return 'jpeg'
  if (starts(0, 0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'png'
  if (starts(0, 0x52, 0x49, 0x46, 0x46) && starts(8, 0x57, 0x45, 0x42, 0x50)) return 'webp'
  return null
}

export interface EncodedPhoto {
  image: Buffer
  width: number
  height: number
  etag: string
}

/** The photo re-encoded, or PHOTO_TOO_LARGE / PHOTO_INVALID (anything but a whole JPEG, PNG or WebP picture). */
export async function reencodeLoopPhoto(input: Uint8Array): Promise<EncodedPhoto> {
  if (input.byteLength > LOOP_PHOTO_MAX_BYTES) throw new DomainError('PHOTO_TOO_LARGE')
  const claimed = photoFormatOf(input)
  if (!claimed) throw new DomainError('PHOTO_INVALID')
  try {
    const image = sharp(input, { failOn: 'error', limitInputPixels: MAX_INPUT_PIXELS, animated: false })
    const { format } = await image.metadata()
    if (format !== claimed) throw new DomainError('PHOTO_INVALID')
    // sharp runs on libuv's thread pool: the event loop goes on serving other requests meanwhile.
    const { data, info } = await image
      .rotate()
      .resize(LOOP_PHOTO_MAX_SIDE, LOOP_PHOTO_MAX_SIDE, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer({ resolveWithObject: true })
    return { image: data, width: info.width, height: info.height, etag: createHash('sha256').update(data).digest('base64url').slice(0, 22) }
  } catch (error) {
    if (error instanceof DomainError) throw error
    throw new DomainError('PHOTO_INVALID')
  }
}

/** Re-encodes every upload (one after the other, to bound memory), or the first one's error. */
export async function reencodeLoopPhotos(uploads: readonly Uint8Array[]): Promise<EncodedPhoto[]> {
  if (uploads.length > LOOP_PHOTO_LIMIT) throw new DomainError('PHOTO_LIMIT_REACHED')
  const photos: EncodedPhoto[] = []
  for (const upload of uploads) photos.push(await reencodeLoopPhoto(upload))
  return photos
}

/** Stores re-encoded photos on a loop inside the caller's transaction, after those it has; PHOTO_LIMIT_REACHED past three. */
export async function storeLoopPhotos(trx: DB, loop: { id: string; group_id: string }, photos: readonly EncodedPhoto[], now: Date) {
  if (photos.length === 0) return []
  const rows = await trx.selectFrom('loop_photos').select(['position']).where('loop_id', '=', loop.id).execute()
  if (rows.length + photos.length > LOOP_PHOTO_LIMIT) throw new DomainError('PHOTO_LIMIT_REACHED')
  const first = rows.reduce((max, r) => Math.max(max, Number(r.position) + 1), 0)
  const values = photos.map((photo, i) => ({
    id: newId(),
    loop_id: loop.id,
    group_id: loop.group_id,
    position: first + i,
    image: photo.image,
    content_type: 'image/webp',
    width: photo.width,
    height: photo.height,
    byte_size: photo.image.byteLength,
    etag: photo.etag,
    created_at: nowIso(now),
  }))
  await trx.insertInto('loop_photos').values(values).execute()
  await trx
    .updateTable('loops')
    .set({ photo_count: rows.length + photos.length })
    .where('id', '=', loop.id)
    .execute()
  return values.map((v) => ({ id: v.id, width: v.width, height: v.height }))
}

/** Removes the loop's photos of `photoIds` inside the caller's transaction (ids of other loops are ignored). */
export async function removeLoopPhotos(trx: DB, loopId: string, photoIds: readonly string[]) {
  if (photoIds.length === 0) return
  await trx.deleteFrom('loop_photos').where('loop_id', '=', loopId).where('id', 'in', photoIds).execute()
  const left = await trx
    .selectFrom('loop_photos')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('loop_id', '=', loopId)
    .executeTakeFirstOrThrow()
  await trx
    .updateTable('loops')
    .set({ photo_count: Number(left.n) })
    .where('id', '=', loopId)
    .execute()
}

/**
 * Adds one photo to the actor's own loop (the API's upload): the author only, until someone has
 * commented (LOOP_LOCKED), at most three (PHOTO_LIMIT_REACHED).
 */
export async function addLoopPhoto(ctx: Ctx, groupId: string, loopId: string, upload: Uint8Array) {
  await requireOwnLoop(ctx, groupId, loopId)
  const photo = await reencodeLoopPhoto(upload)
  return ctx.db.transaction().execute(async (trx) => {
    const loop = await requireOwnLoop(ctx, groupId, loopId, trx)
    const [stored] = await storeLoopPhotos(trx, loop, [photo], ctx.now)
    return { ...stored!, url: loopPhotoUrl(groupId, loopId, stored!.id) }
  })
}

/** A photo for whoever may see its loop (loopVisibility); anyone else, and an unknown id, GROUP_NOT_FOUND. */
export async function readLoopPhoto(ctx: Ctx, groupId: string, loopId: string, photoId: string) {
  const work = await requireGroupWork(ctx, groupId)
  const row = await ctx.db
    .selectFrom('loop_photos as p')
    .innerJoin('loops', 'loops.id', 'p.loop_id')
    .select(['p.image', 'p.content_type', 'p.etag', 'p.created_at'])
    .where('p.id', '=', photoId)
    .where('p.loop_id', '=', loopId)
    .where(loopVisibility(work))
    .executeTakeFirst()
  if (!row) throw new DomainError('GROUP_NOT_FOUND')
  return { ...row, image: Buffer.from(row.image) }
}
