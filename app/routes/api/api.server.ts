import type { z } from 'zod'
import { DomainError } from '~/errors'

export const MAX_JSON_BYTES = 100_000

/** Reads a JSON body (size-limited) and validates it; bad input is 400 BAD_REQUEST with the issues. */
export async function readJson<S extends z.ZodTypeAny>(request: Request, schema: S): Promise<z.infer<S>> {
  const length = Number(request.headers.get('Content-Length') ?? 0)
  if (length > MAX_JSON_BYTES) throw new DomainError('PAYLOAD_TOO_LARGE')
  const text = await request.text()
  if (text.length > MAX_JSON_BYTES) throw new DomainError('PAYLOAD_TOO_LARGE')
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
 * Runs an API handler: its value is the JSON answer; a DomainError becomes
 * `{ message: CODE, ...data }` with the catalogue's status. Thrown Responses pass through.
 */
export async function apiCall<T>(handler: () => Promise<T>, init?: ResponseInit) {
  try {
    const value = await handler()
    return Response.json(value ?? {}, init)
  } catch (error) {
    if (error instanceof DomainError) return Response.json({ message: error.code, ...error.data }, { status: error.status })
    throw error
  }
}
