import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import type { z } from 'zod'
import { isDatabaseUnavailable } from '~/db/availability.server'
import { DomainError, errorResponse, methodNotAllowed } from '~/errors'
import { MAX_BULK_ITEMS } from '~/services/bulk.schemas'
import { mediaTypeOf, readBodyText } from '~/utils/request-body.server'
import { MAX_JSON_BYTES } from '~/utils/request-rules'
import { serviceUnavailable } from '~/http/service-unavailable.server'
import { ctxFor } from '~/services/context.server'
import { requireStrongAuthInOrganization } from '~/services/two-step/strong-auth.server'
import { requireGroupAccess } from '~/services/groups/group-access.server'

/** The largest JSON body an API call reads (utils/request-rules.ts). */
export { MAX_JSON_BYTES }

/** A JSON body: `application/json`, or a `+json` type such as `application/merge-patch+json`. */
const isJson = (mediaType: string) => mediaType === 'application/json' || /^application\/[\w.-]+\+json$/.test(mediaType)

/** The most levels of arrays and objects in an API body (ours have three at most). */
export const MAX_JSON_DEPTH = 16

/**
 * One pass over a JSON text before it is parsed: the message key of its problem when an array or
 * object in it has more than MAX_BULK_ITEMS entries (more than any payload may hold) or nests
 * deeper than MAX_JSON_DEPTH, else null. A schema checks an array's length only after checking
 * every item, and each wrong item costs an issue: 262,000 numbers for ids (512 kB) kept zod busy
 * for ~4 s, and a 260,000-deep nesting JSON.parse for ~0.2 s.
 */
export function jsonShapeProblem(text: string): string | null {
  const entries: number[] = []
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    if (c === 0x22) {
      // A string: skip to its closing quote, past escaped characters.
      for (i++; i < text.length; i++) {
        const d = text.charCodeAt(i)
        if (d === 0x5c) i++
        else if (d === 0x22) break
      }
    } else if (c === 0x5b || c === 0x7b) {
      if (entries.length >= MAX_JSON_DEPTH) return 'validation.json'
      entries.push(1)
    } else if (c === 0x5d || c === 0x7d) {
      entries.pop()
    } else if (c === 0x2c && entries.length > 0) {
      if (++entries[entries.length - 1] > MAX_BULK_ITEMS) return 'validation.tooLong'
    }
  }
  return null
}

/** What a call may take beyond the default (JSON up to MAX_JSON_BYTES). */
export interface ReadJsonOptions {
  /** A smaller limit for this call. */
  maxBytes?: number
  /**
   * Also take `text/plain` holding JSON: only for the telemetry endpoint, because
   * `navigator.sendBeacon` cannot send `application/json` without a CORS preflight and sends a
   * string as `text/plain`. Every other call stays JSON-only.
   */
  acceptTextPlain?: boolean
}

/**
 * Reads a JSON body (at most MAX_JSON_BYTES, else 413 PAYLOAD_TOO_LARGE) and validates it; a body
 * of another type is 415 UNSUPPORTED_MEDIA_TYPE, bad input (also a shape no payload has, see
 * jsonShapeProblem) 400 BAD_REQUEST with the issues. An empty body is `{}`, whatever its type.
 */
export async function readJson<S extends z.ZodTypeAny>(request: Request, schema: S, options: ReadJsonOptions = {}): Promise<z.infer<S>> {
  const text = await readBodyText(request, Math.min(options.maxBytes ?? MAX_JSON_BYTES, MAX_JSON_BYTES))
  const mediaType = mediaTypeOf(request)
  if (text && !isJson(mediaType) && !(options.acceptTextPlain && mediaType === 'text/plain'))
    throw new DomainError('UNSUPPORTED_MEDIA_TYPE')
  const problem = jsonShapeProblem(text)
  if (problem) throw new DomainError('BAD_REQUEST', { errors: { '': [problem] } })
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
    return errorResponse('SERVER_ERROR')
  }
}

export { methodNotAllowed }

type ApiHandler = (args: LoaderFunctionArgs & Pick<ActionFunctionArgs, 'request'>) => Promise<Response>
type ApiMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'

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
/**
 * The organization's two-step policy for an API call under /api/…/organizations/:organizationId
 * (docs/auth.md): 403 STRONG_AUTH_REQUIRED for a signed-in admin (or group creator, when the
 * policy says so) who does not meet it; null for everyone else, whom the call itself answers.
 */
async function strongAuthGate({ params, context }: LoaderFunctionArgs): Promise<Response | null> {
  const state = await context.session()
  if (state.status !== 'active') return null
  return apiCall(async () => {
    await requireStrongAuthInOrganization(ctxFor(state.user, context), params.organizationId!)
    return null
  }).then((response) => (response.status === 403 ? response : null))
}

/**
 * The same for a call under /api/…/groups/:groupId: an organization admin held back by the policy
 * reaches a group only through their admin rights (docs/group-roles.md), so the group's access
 * check answers 403 STRONG_AUTH_REQUIRED before the body is read; anything else (a group the
 * caller may not see, …) is the call's own answer.
 */
async function groupStrongAuthGate({ params, context }: LoaderFunctionArgs): Promise<Response | null> {
  const state = await context.session()
  if (state.status !== 'active') return null
  const response = await apiCall(async () => {
    await requireGroupAccess(ctxFor(state.user, context), params.groupId!)
    return null
  })
  if (response.status !== 403) return null
  const body = (await response.clone().json()) as { message?: string }
  return body.message === 'STRONG_AUTH_REQUIRED' ? response : null
}

export function apiRoute(handlers: Partial<Record<ApiMethod, ApiHandler>>) {
  const methods = (Object.keys(handlers) as ApiMethod[]).flatMap((m) => (m === 'GET' ? ['GET', 'HEAD'] : [m]))
  const allow = methods.join(', ')
  const answer = async (method: string, args: LoaderFunctionArgs) => {
    const handler = Object.hasOwn(handlers, method) ? handlers[method as ApiMethod] : undefined
    if (!handler) return methodNotAllowed(allow)
    // Every call under an organization's id passes its two-step policy first, before its body is read.
    if (args.params.organizationId) {
      const stopped = await strongAuthGate(args)
      if (stopped) return stopped
    }
    if (args.params.groupId) {
      const stopped = await groupStrongAuthGate(args)
      if (stopped) return stopped
    }
    return handler(args)
  }
  // `apiMethods` on both: what the route answers, for the OpenAPI document's coverage test (openapi/openapi.test.ts).
  const apiMethods = Object.keys(handlers) as ApiMethod[]
  return {
    loader: Object.assign((args: LoaderFunctionArgs) => answer('GET', args), { apiMethods }),
    action: Object.assign((args: ActionFunctionArgs) => answer(args.request.method.toUpperCase(), args), { apiMethods }),
  }
}
