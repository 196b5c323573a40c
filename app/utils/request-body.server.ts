import { DomainError } from '~/errors'

/** The media type of a request's body, lower case, without parameters ('' when none is given). */
export const mediaTypeOf = (request: Request) => (request.headers.get('Content-Type') ?? '').split(';')[0].trim().toLowerCase()

/**
 * The body as text, refused with PAYLOAD_TOO_LARGE beyond `maxBytes` bytes (not characters: "å"
 * is two). A Content-Length over the limit is refused before reading; otherwise the bytes are
 * counted as they arrive and reading stops at the limit, so a body without a length or with a
 * false one never gets further.
 */
export async function readBodyText(request: Request, maxBytes: number): Promise<string> {
  if (Number(request.headers.get('Content-Length') ?? 0) > maxBytes) throw new DomainError('PAYLOAD_TOO_LARGE')
  if (!request.body) return ''
  const reader = request.body.getReader()
  const chunks: Uint8Array[] = []
  let size = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    size += value.byteLength
    if (size > maxBytes) {
      await reader.cancel().catch(() => {})
      throw new DomainError('PAYLOAD_TOO_LARGE')
    }
    chunks.push(value)
  }
  const bytes = new Uint8Array(size)
  let offset = 0
  for (const chunk of chunks) {
    bytes.set(chunk, offset)
    offset += chunk.byteLength
  }
  return new TextDecoder().decode(bytes)
}
