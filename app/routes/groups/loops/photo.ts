import type { LoaderFunctionArgs } from '@remix-run/node'
import { getUser } from '~/auth/guards.server'
import { errorResponse } from '~/errors'
import { routeCall } from '~/http/route-call.server'
import { ctxFor } from '~/services/context.server'
import { readLoopPhoto } from '~/services/group-work/loop-photos.server'
import { GROUP_SCREEN } from '../group-not-found.server'

/**
 * /groups/:groupId/loops/:loopId/photos/:photoId: a loop's photo, for whoever may see the loop
 * (loopVisibility), else 404 (signed out too: nothing tells it exists). Private (a shared cache
 * must not keep it) and revalidated by its ETag (304 Not Modified): a photo's bytes never change,
 * but whether the viewer may still see it does.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const actor = await getUser(context)
  if (!actor) return errorResponse('NOT_FOUND')
  // GROUP_NOT_FOUND (a loop or photo the viewer may not see) is a 404; an admin held back by the
  // organization's two-step policy goes to set it up, as on every group screen.
  const photo = await routeCall(() => readLoopPhoto(ctxFor(actor, context), params.groupId!, params.loopId!, params.photoId!), GROUP_SCREEN)
  const etag = `"${photo.etag}"`
  const headers = { ETag: etag, 'Cache-Control': 'private, no-cache', Vary: 'Cookie', 'X-Content-Type-Options': 'nosniff' }
  if (request.headers.get('If-None-Match') === etag) return new Response(null, { status: 304, headers })
  return new Response(photo.image, {
    headers: { ...headers, 'Content-Type': photo.content_type, 'Content-Length': String(photo.image.byteLength) },
  })
}
