import { requireApiUser } from '~/auth/guards.server'
import { DomainError } from '~/errors'
import { ctxFor } from '~/services/context.server'
import { addLoopPhoto } from '~/services/group-work/loop-photos.server'
import { requireOwnLoop } from '~/services/group-work/loop-owner.server'
import { LOOP_PHOTO_MAX_BYTES } from '~/utils/loop-photo-rules'
import { readMultipart } from '~/utils/multipart.server'
import { apiCall, apiRoute } from '../api.server'
import type { Answer } from '../openapi/operation'
import type { LoopPhotoAnswer } from './loops.openapi'

const route = apiRoute({
  /**
   * POST /api/v3/groups/{groupId}/loops/{loopId}/photos (multipart, one file in `photo`): adds a
   * photo to the caller's own loop, answered 201. The loop is checked before the body is read.
   */
  POST: ({ request, params, context }) =>
    apiCall<Answer<typeof LoopPhotoAnswer>>(
      async () => {
        const ctx = ctxFor(await requireApiUser(context), context)
        await requireOwnLoop(ctx, params.groupId!, params.loopId!)
        const upload = await readMultipart(request, { fileField: 'photo', maxFileBytes: LOOP_PHOTO_MAX_BYTES })
        if (upload.tooManyFiles) throw new DomainError('BAD_REQUEST', { errors: { photo: ['loops.form.tooManyPhotos'] } })
        if (!upload.file) throw new DomainError('BAD_REQUEST', { errors: { photo: ['validation.required'] } })
        if (upload.file.truncated) throw new DomainError('PHOTO_TOO_LARGE')
        const photo = await addLoopPhoto(ctx, params.groupId!, params.loopId!, upload.file.bytes)
        return { _id: photo.id, url: photo.url, width: photo.width, height: photo.height }
      },
      { status: 201 },
    ),
})

// Separate exports: Remix strips `loader` and `action` (and what only they use) from the browser build by name.
export const loader = route.loader
export const action = route.action
