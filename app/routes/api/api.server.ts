import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import type { z } from 'zod'
import { DomainError, errorResponse, methodNotAllowed } from '~/errors'
import { mediaTypeOf, readBodyText } from '~/utils/request-body.server'
import { MAX_JSON_BYTES } from '~/utils/request-rules'

/** The largest JSON body an API call reads (utils/request-rules.ts). */
export { MAX_JSON_BYTES }

/** A JSON body: `application/json`, or a `+json` type such as `application/merge-patch+json`. */
const isJson = (mediaType: string) => mediaType === 'application/json' || /^application\/[\w.-]+\+json$/.test(mediaType)

/**
 * Reads a JSON body (at most MAX_JSON_BYTES, else 413 PAYLOAD_TOO_LARGE) and validates it; a body
 * of another type is 415 UNSUPPORTED_MEDIA_TYPE, bad input 400 BAD_REQUEST with the issues. An
 * empty body is `{}`, whatever its type.
 */
export async function readJson<S extends z.ZodTypeAny>(request: Request, schema: S): Promise<z.infer<S>> {
  const text = await readBodyText(request, MAX_JSON_BYTES)
  if (text && !isJson(mediaTypeOf(request))) throw new DomainError('UNSUPPORTED_MEDIA_TYPE')
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
 * redirect) pass through. Anything else is a bug or an outage: it is logged and answered as
 * `{ message: 'SERVER_ERROR' }` with 500, so API clients always get JSON.
 */
export async function apiCall<T>(handler: () => Promise<T>, init?: ResponseInit) {
  try {
    const value = await handler()
    if (value instanceof Response) return value
    return Response.json(value ?? {}, init)
  } catch (error) {
    if (error instanceof Response) throw error
    if (error instanceof DomainError) return Response.json({ message: error.code, ...error.data }, { status: error.status })
    console.error('api: unexpected error', error)
    return errorResponse('SERVER_ERROR')
  }
}

export { methodNotAllowed }

type ApiHandler = (args: LoaderFunctionArgs & Pick<ActionFunctionArgs, 'request'>) => Promise<Response>
type ApiMethod = 'GET' | 'POST' | 'PUT' | 'DELETE'

/**
 * The one place an API route declares what it answers: a handler per method. It gives the route
 * module its `loader` (GET, and HEAD, which Remix answers with the GET handler) and `action`
 * (every other method); a method without a handler is 405 METHOD_NOT_ALLOWED with `Allow`, so a
 * PUT is never taken for the route's POST. A handler reads its body with `readJson`, which takes
 * JSON only (415 otherwise).
 *
 *     const route = apiRoute({ POST: ({ request, context }) => apiCall(…) })
 *     export const loader = route.loader
 *     export const action = route.action
 *
 * (Two plain exports, not `export const { loader, action } = …`: Remix removes server exports from
 * the browser build by their declared names, and would keep a destructured one, and this module.)
 */
export function apiRoute(handlers: Partial<Record<ApiMethod, ApiHandler>>) {
  const methods = (Object.keys(handlers) as ApiMethod[]).flatMap((m) => (m === 'GET' ? ['GET', 'HEAD'] : [m]))
  const allow = methods.join(', ')
  const answer = (method: string, args: LoaderFunctionArgs) => {
    const handler = Object.hasOwn(handlers, method) ? handlers[method as ApiMethod] : undefined
    return handler ? handler(args) : Promise.resolve(methodNotAllowed(allow))
  }
  return {
    loader: (args: LoaderFunctionArgs) => answer('GET', args),
    action: (args: ActionFunctionArgs) => answer(args.request.method.toUpperCase(), args),
  }
}
