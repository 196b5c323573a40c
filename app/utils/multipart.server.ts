import busboy from 'busboy'
import { Readable } from 'node:stream'
import type { ReadableStream as NodeWebStream } from 'node:stream/web'
import { DomainError } from '~/errors'
import { mediaTypeOf } from './request-body.server'

/**
 * The one multipart reader (the profile picture upload, ADR 010, the member import's file and a
 * loop's photos). Forms everywhere else are URL-encoded and read with readForm. The body streams
 * through busboy, a small, well-kept parser (the one multer builds on), under hard limits: at most
 * `maxFiles` files (default one) of at most `maxFileBytes` each are kept in memory; the rest of a
 * larger file is read and dropped (`truncated`), so the answer can still be a page with a
 * message; at most `maxFields` fields of at most `maxFieldBytes` each. A body that is not
 * multipart/form-data is UNSUPPORTED_MEDIA_TYPE.
 */
export interface UploadedFile {
  bytes: Buffer
  truncated: boolean
  /** The name the browser gave (its last path segment), or ''. */
  name: string
}

export interface MultipartUpload {
  /** Each field's last value. */
  fields: Record<string, string>
  /** Every field value, repeated names (checkboxes) included, for a form schema. */
  form: FormData
  /** The first file of the form's file field (`fileField`), or null when none was chosen. */
  file: UploadedFile | null
  /** Every file chosen in `fileField` (up to `maxFiles`). */
  files: UploadedFile[]
  /** Whether more files were sent than `maxFiles` (the others were dropped). */
  tooManyFiles: boolean
}

export interface MultipartOptions {
  fileField: string
  maxFileBytes: number
  maxFiles?: number
  maxFields?: number
  maxFieldBytes?: number
}

export async function readMultipart(request: Request, options: MultipartOptions): Promise<MultipartUpload> {
  if (mediaTypeOf(request) !== 'multipart/form-data' || !request.body) throw new DomainError('UNSUPPORTED_MEDIA_TYPE')
  const maxFiles = options.maxFiles ?? 1
  const maxFields = options.maxFields ?? 10
  const parser = busboy({
    headers: { 'content-type': request.headers.get('Content-Type') ?? '' },
    // File names as browsers send them (UTF-8), e.g. "medlemmar-Åre.csv".
    defParamCharset: 'utf8',
    limits: {
      // One more file than taken, so that a form with too many is told apart from one with just enough.
      files: maxFiles + 1,
      fileSize: options.maxFileBytes,
      fields: maxFields,
      fieldSize: options.maxFieldBytes ?? 4096,
      parts: maxFields + maxFiles + 2,
      headerPairs: 20,
    },
  })
  const fields: Record<string, string> = {}
  const form = new FormData()
  const files: UploadedFile[] = []
  let tooManyFiles = false
  const done = new Promise<void>((resolve, reject) => {
    parser.on('field', (name, value) => {
      fields[name] = value
      form.append(name, value)
    })
    parser.on('file', (name, stream, info) => {
      if (name !== options.fileField) {
        stream.resume()
        return
      }
      if (files.length >= maxFiles) {
        tooManyFiles = true
        stream.resume()
        return
      }
      const slot = files.length
      files.push({ bytes: Buffer.alloc(0), truncated: false, name: '' })
      const chunks: Buffer[] = []
      let truncated = false
      stream.on('data', (chunk: Buffer) => chunks.push(chunk))
      stream.on('limit', () => {
        truncated = true
      })
      stream.on('end', () => {
        const bytes = Buffer.concat(chunks)
        files[slot] = { bytes, truncated, name: (info.filename ?? '').split(/[\\/]/).pop() ?? '' }
      })
    })
    parser.on('close', resolve)
    parser.on('error', () => reject(new DomainError('BAD_REQUEST')))
  })
  Readable.fromWeb(request.body as unknown as NodeWebStream<Uint8Array>)
    .on('error', () => parser.destroy(new Error('request aborted')))
    .pipe(parser)
  await done
  // An empty file part is what a browser sends when no file was chosen.
  const chosen = files.filter((f) => f.bytes.length > 0 || f.truncated)
  return { fields, form, file: chosen[0] ?? null, files: chosen, tooManyFiles }
}
