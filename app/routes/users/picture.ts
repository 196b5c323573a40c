import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { getUser } from '~/auth/guards.server'
import { safeRedirect } from '~/auth/schemas'
import { DomainError, errorResponse } from '~/errors'
import { ctxFor } from '~/services/context.server'
import { readProfilePicture, setProfilePicture } from '~/services/profile/profile-pictures.server'
import { redirectWithToast } from '~/http/toast.server'
import { readMultipart } from '~/utils/multipart.server'
import { mediaTypeOf } from '~/utils/request-body.server'
import { PROFILE_PICTURE_MAX_BYTES, withPictureError } from '~/utils/picture-rules'
import { userIdOf } from './user-id'

/**
 * /users/:id/picture (ADR 010).
 * GET: the picture, for whoever may see the user's profile, else 404. Its URL carries the
 * picture's hash (`?v=`), so a versioned URL is cached for a year; any other is revalidated by
 * its ETag (304 Not Modified). Private: a shared cache must not keep it.
 * POST: a multipart upload of the user's own picture (field `picture`), answered like a form:
 * back to `redirectTo`, with a toast when the picture is saved, or with the error's code in
 * `?pictureError=` (shown translated beside the picture field; nothing changed).
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const actor = await getUser(context)
  if (!actor) return errorResponse('NOT_FOUND')
  let picture
  try {
    picture = await readProfilePicture(ctxFor(actor, context), userIdOf(params))
  } catch (error) {
    if (error instanceof DomainError) return errorResponse('NOT_FOUND')
    throw error
  }
  const etag = `"${picture.etag}"`
  const versioned = new URL(request.url).searchParams.get('v') === picture.etag
  const headers = {
    ETag: etag,
    'Cache-Control': versioned ? 'private, max-age=31536000, immutable' : 'private, no-cache',
    'Last-Modified': new Date(picture.updated_at).toUTCString(),
    Vary: 'Cookie',
  }
  if (request.headers.get('If-None-Match') === etag) return new Response(null, { status: 304, headers })
  return new Response(picture.image, {
    headers: { ...headers, 'Content-Type': picture.content_type, 'Content-Length': String(picture.image.byteLength) },
  })
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const actor = await getUser(context)
  const userId = userIdOf(params)
  // Not the user's own picture (or not signed in): not found, before the body is read.
  if (!actor || actor.id !== userId) return errorResponse('NOT_FOUND')
  // Browsers send the upload form as multipart; anything else is no form of ours.
  if (mediaTypeOf(request) !== 'multipart/form-data') return errorResponse('UNSUPPORTED_MEDIA_TYPE')
  const upload = await readMultipart(request, { fileField: 'picture', maxFileBytes: PROFILE_PICTURE_MAX_BYTES }).catch((error: unknown) => {
    if (error instanceof DomainError) return error
    throw error
  })
  const back = safeRedirect(upload instanceof DomainError ? null : upload.fields.redirectTo, `/users/${encodeURIComponent(userId)}`)
  const fail = (code: string) => redirect(withPictureError(back, code))
  if (upload instanceof DomainError) return fail(upload.code)
  if (!upload.file) return fail('PICTURE_INVALID')
  if (upload.file.truncated) return fail('PICTURE_TOO_LARGE')
  try {
    await setProfilePicture(ctxFor(actor, context), userId, upload.file.bytes)
  } catch (error) {
    if (error instanceof DomainError) return fail(error.code)
    throw error
  }
  return redirectWithToast(back, { key: 'profile.picture.saved' })
}
