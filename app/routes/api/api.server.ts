import type { z } from 'zod'
import { isDatabaseUnavailable } from '~/db/availability.server'
import { DomainError } from '~/errors'
import { serviceUnavailable } from '~/ui/service-unavailable.server'

/**
 * The largest JSON body an API call reads, in bytes. It holds the largest bulk payload the
 * schemas allow (bulk.schemas.ts: MAX_BULK_ITEMS ids, MAX_OWNER_CHANGES owner changes) and stays
 * under the server's limit for every body (server/index.ts).
 */
export const MAX_JSON_BYTES = 512 * 1024

/**
 * The body as text, refused with PAYLOAD_TOO_LARGE beyond `maxBytes` bytes (not characters: "å"
 * is two). A Content-Length over the limit is refused before reading; otherwise the bytes are
 * counted as they arrive and reading stops at the limit, so a body without a length or with a
 * false one never gets further.
 */
async function readText(request: Request, maxBytes: number): Promise<string> {
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

/** Reads a JSON body (at most MAX_JSON_BYTES) and validates it; bad input is 400 BAD_REQUEST with the issues. */
export async function readJson<S extends z.ZodTypeAny>(request: Request, schema: S): Promise<z.infer<S>> {
  const text = await readText(request, MAX_JSON_BYTES)
  let body: unknown
  try {
    body = text ? JSON.parse(text) : {}
  } catch {
    throw new DomainError('BAD_REQUEST', { errors: { '': ['validation.json'] } })
  }
  const parsed = schema.safeParse(body)
  if (!parsed.success) throw new DomainError('BAD_REQUEST', { errors: parsed.error.flatten().fieldErrors })
  return parsed.data
}

/**
 * Runs an API handler: its value is the JSON answer (a Response it returns is answered as it is,
 * e.g. a streamed list); a DomainError becomes
 * `{ message: CODE, ...data }` with the catalogue's status. Thrown Responses (a guard's 401, a
 * redirect) pass through. An unreachable database is 503 SERVICE_UNAVAILABLE with Retry-After.
 * Anything else is a bug: it is logged and answered as `{ message: 'SERVER_ERROR' }` with 500,
 * so API clients always get JSON.
 */
export async function apiCall<T>(handler: () => Promise<T>, init?: ResponseInit) {
  try {
    const value = await handler()
    if (value instanceof Response) return value
    return Response.json(value ?? {}, init)
  } catch (error) {
    if (error instanceof Response) throw error
    if (error instanceof DomainError) return Response.json({ message: error.code, ...error.data }, { status: error.status })
    if (isDatabaseUnavailable(error)) return serviceUnavailable()
    console.error('api: unexpected error', error)
    return Response.json({ message: 'SERVER_ERROR' }, { status: 500 })
  }
}

/** 405 METHOD_NOT_ALLOWED with the methods the route does answer (`allow`, e.g. 'PUT' or 'GET, POST'). */
export const methodNotAllowed = (allow: string) =>
  Response.json({ message: 'METHOD_NOT_ALLOWED' }, { status: 405, headers: { Allow: allow } })
