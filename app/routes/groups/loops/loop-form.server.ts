import { data } from '@remix-run/node'
import { isDatabaseUnavailable } from '~/db/availability.server'
import { DomainError, errorResponse, kindOf, messageKey } from '~/errors'
import { LOOP_PHOTO_LIMIT, LOOP_PHOTO_MAX_BYTES } from '~/utils/loop-photo-rules'
import { readMultipart, type MultipartUpload } from '~/utils/multipart.server'

/**
 * The loop form's answer when it comes back (new and edit): what was typed, every field's error
 * (message keys) and a message for the form. Photos are never sent back; `photosDropped` says
 * the member had chosen some, so the form asks to choose them again.
 */
export interface LoopFormAnswer {
  values: { task: string; text: string; emotion: string; tags: string[]; removePhoto: string[] }
  errors: Record<string, string[]>
  error: string | null
  photosDropped: boolean
}

/** The loop form's body (multipart: it carries photos), under hard limits; a malformed body is its catalogue answer. */
export async function readLoopUpload(request: Request): Promise<MultipartUpload> {
  try {
    return await readMultipart(request, {
      fileField: 'photos',
      maxFileBytes: LOOP_PHOTO_MAX_BYTES,
      maxFiles: LOOP_PHOTO_LIMIT,
      // text, task, emotion, intent, the tags (at most 50 a group) and the photos to remove.
      maxFields: 70,
      // 5,000 characters of up to 4 bytes each in UTF-8.
      maxFieldBytes: 24_000,
    })
  } catch (error) {
    if (error instanceof DomainError) throw errorResponse(error.code)
    throw error
  }
}

const strings = (form: FormData, name: string) => form.getAll(name).filter((v): v is string => typeof v === 'string')

/** What the form sent, to show again. */
export const typedValues = (form: FormData): LoopFormAnswer['values'] => ({
  task: String(form.get('task') ?? ''),
  text: String(form.get('text') ?? ''),
  emotion: String(form.get('emotion') ?? ''),
  tags: strings(form, 'tags'),
  removePhoto: strings(form, 'removePhoto'),
})

/** The photos' own problem before any service runs: a file over 5 MB or more than three, else null. */
export function photoProblem(upload: MultipartUpload): string | null {
  if (upload.tooManyFiles) return 'loops.form.tooManyPhotos'
  if (upload.files.some((f) => f.truncated)) return messageKey('PHOTO_TOO_LARGE')
  return null
}

/** The form again, with what was typed and the errors (400 for bad input, the code's status for a refusal, 500 else). */
export function formAgain(upload: MultipartUpload, answer: Partial<Pick<LoopFormAnswer, 'errors' | 'error'>>, status: number) {
  return data<LoopFormAnswer>(
    { values: typedValues(upload.form), errors: answer.errors ?? {}, error: answer.error ?? null, photosDropped: upload.files.length > 0 },
    { status },
  )
}

/**
 * A failed send as the form again, so nothing typed is lost, whatever failed: the fields in
 * error (BAD_REQUEST's `errors`, a photo's code under `photos`), a refusal's message (e.g.
 * FREE_LOOPS_OFF, LOOP_LOCKED), or "could not be sent, try again" for anything unexpected (logged)
 * and an unreachable database.
 */
export function sendFailure(error: unknown, upload: MultipartUpload) {
  if (error instanceof Response) throw error
  if (error instanceof DomainError && kindOf(error.code) !== 'server') {
    if (error.code === 'BAD_REQUEST' && error.data.errors)
      return formAgain(upload, { errors: error.data.errors as Record<string, string[]> }, 400)
    if (error.code.startsWith('PHOTO_')) return formAgain(upload, { errors: { photos: [messageKey(error.code)] } }, error.status)
    return formAgain(upload, { error: messageKey(error.code) }, error.status)
  }
  if (!isDatabaseUnavailable(error)) console.error(error)
  return formAgain(upload, { error: 'loops.form.sendFailed' }, isDatabaseUnavailable(error) ? 503 : 500)
}
