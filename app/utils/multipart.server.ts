import busboy from 'busboy'
import { Readable } from 'node:stream'
import type { ReadableStream as NodeWebStream } from 'node:stream/web'
import { DomainError } from '~/errors'
import { mediaTypeOf } from './request-body.server'

/**
 * The one multipart reader (the profile picture upload, ADR 010, and the member import's file). Forms everywhere else are
 * URL-encoded and read with readForm. The body streams through busboy, a small, well-kept parser
 * (the one multer builds on): at most one file of at most `maxFileBytes` is kept in memory; the
 * rest of a larger file is read and dropped, so the answer can still be a page with a message.
 * A body that is not multipart/form-data is UNSUPPORTED_MEDIA_TYPE.
 */
export interface MultipartUpload {
  fields: Record<string, string>
  /** The file of the form's file field (`fileField`), or null when none was chosen. */
  file: { bytes: Buffer; truncated: boolean; /** The name the browser gave (its last path segment), or ''. */ name: string } | null
}

export async function readMultipart(request: Request, options: { fileField: string; maxFileBytes: number }): Promise<MultipartUpload> {
  if (mediaTypeOf(request) !== 'multipart/form-data' || !request.body) throw new DomainError('UNSUPPORTED_MEDIA_TYPE')
  const parser = busboy({
    headers: { 'content-type': request.headers.get('Content-Type') ?? '' },
    // File names as browsers send them (UTF-8), e.g. "medlemmar-Åre.csv".
    defParamCharset: 'utf8',
    limits: { files: 1, fileSize: options.maxFileBytes, fields: 10, fieldSize: 4096, parts: 12, headerPairs: 20 },
  })
  const fields: Record<string, string> = {}
  let file: MultipartUpload['file'] = null
  const done = new Promise<void>((resolve, reject) => {
    parser.on('field', (name, value) => {
      fields[name] = value
    })
    parser.on('file', (name, stream, info) => {
      if (name !== options.fileField) {
        stream.resume()
        return
      }
      const chunks: Buffer[] = []
      let truncated = false
      stream.on('data', (chunk: Buffer) => chunks.push(chunk))
      stream.on('limit', () => {
        truncated = true
      })
      stream.on('end', () => {
        const bytes = Buffer.concat(chunks)
        // An empty file part is what a browser sends when no file was chosen.
        file = bytes.length === 0 && !truncated ? null : { bytes, truncated, name: (info.filename ?? '').split(/[\\/]/).pop() ?? '' }
      })
    })
    parser.on('close', resolve)
    parser.on('error', () => reject(new DomainError('BAD_REQUEST')))
  })
  Readable.fromWeb(request.body as unknown as NodeWebStream<Uint8Array>)
    .on('error', () => parser.destroy(new Error('request aborted')))
    .pipe(parser)
  await done
  return { fields, file }
}
