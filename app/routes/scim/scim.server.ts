import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { jsonShapeProblem } from '~/routes/api/api.server'
import { consume } from '~/auth/rate-limit.server'
import { isDatabaseUnavailable } from '~/db/availability.server'
import { env } from '~/env.server'
import { scimRateLimited, scimRequests } from '~/metrics.server'
import { DomainError } from '~/errors'
import { ctxFor } from '~/services/context.server'
import type { ScimCtx } from '~/services/directory/scim-context'
import { ScimError } from '~/services/directory/scim-error'
import { recordDirectoryError } from '~/services/directory/errors.server'
import { authenticateDirectoryToken, directoryRequestsPerToken, type DirectoryTokenIdentity } from '~/services/directory/tokens.server'
import { mediaTypeOf, readBodyText } from '~/utils/request-body.server'
import { MAX_JSON_BYTES } from '~/utils/request-rules'

/**
 * The SCIM 2.0 endpoint's one way of answering (docs/directory-sync.md): the bearer token names
 * the organization (none, unknown or revoked: 401), each token is rate limited (429 with
 * Retry-After), a body is JSON up to MAX_SCIM_BYTES (413 beyond), and every answer, errors too,
 * is `application/scim+json` in RFC 7644's shapes. Each answer is counted (scim_requests_total);
 * each error answer to a valid token is recorded as one of the sync's last errors.
 */

export const SCIM_MEDIA_TYPE = 'application/scim+json'
/** The largest body a SCIM request may send (the server refuses larger ones first, server/index.ts). */
export const MAX_SCIM_BYTES = MAX_JSON_BYTES

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'
type Handler = (args: {
  request: Request
  params: LoaderFunctionArgs['params']
  ctx: ScimCtx
  body: () => Promise<unknown>
}) => Promise<ScimAnswer>

/** What a handler answers: a resource (200), a created one (201 with Location), or nothing (204). */
export type ScimAnswer = { status?: 200 | 201; body: unknown; location?: string } | { status: 204 }

export const scimBaseUrl = () => `${env().APP_URL}/scim/v2`

export function scimJson(body: unknown, init: ResponseInit = {}) {
  const headers = new Headers(init.headers)
  headers.set('Content-Type', `${SCIM_MEDIA_TYPE}; charset=utf-8`)
  return new Response(JSON.stringify(body), { ...init, headers })
}

const errorAnswer = (error: ScimError, headers: HeadersInit = {}) => scimJson(error.toJSON(), { status: error.status, headers })

/** The JSON body: SCIM or plain JSON, at most MAX_SCIM_BYTES; malformed is 400 invalidSyntax. */
async function readScimBody(request: Request) {
  let text: string
  try {
    text = await readBodyText(request, MAX_SCIM_BYTES)
  } catch (error) {
    if (error instanceof DomainError && error.code === 'PAYLOAD_TOO_LARGE')
      throw new ScimError(413, `The body is larger than ${MAX_SCIM_BYTES} bytes`)
    throw error
  }
  const type = mediaTypeOf(request)
  if (text && type && type !== SCIM_MEDIA_TYPE && type !== 'application/json') throw new ScimError(415, `Send ${SCIM_MEDIA_TYPE}`)
  if (!text.trim()) throw new ScimError(400, 'The request needs a JSON body', 'invalidSyntax')
  if (jsonShapeProblem(text)) throw new ScimError(400, 'The body nests too deep or holds too many items', 'invalidSyntax')
  try {
    return JSON.parse(text) as unknown
  } catch {
    throw new ScimError(400, 'The body is not valid JSON', 'invalidSyntax')
  }
}

const RESOURCES = new Set(['Users', 'Groups', 'ServiceProviderConfig', 'ResourceTypes', 'Schemas'])
const OPERATIONS: Record<string, string> = { POST: 'create', PUT: 'replace', PATCH: 'patch', DELETE: 'delete' }

/** A request's resource type and operation, for the metrics (never an id): `Users`/`get`, `Groups`/`patch`, `other`/`other`. */
export function scimOperationOf(method: string, pathname: string) {
  const [resourcePart, id] = pathname.replace(/^\/scim\/v2\/?/, '').split('/')
  const resource = RESOURCES.has(resourcePart) ? resourcePart : 'other'
  const operation =
    method === 'GET' || method === 'HEAD' ? (id || resource === 'ServiceProviderConfig' ? 'get' : 'list') : (OPERATIONS[method] ?? 'other')
  return { resource, operation: resource === 'other' ? 'other' : operation }
}

async function answer(method: string, handlers: Partial<Record<Method, Handler>>, args: LoaderFunctionArgs) {
  const url = new URL(args.request.url)
  let token: DirectoryTokenIdentity | null = null
  let db: ScimCtx['db'] | undefined
  const response = await respond(method, handlers, args, (found, database) => {
    token = found
    db = database
  }).catch((error: unknown) => ({ error: error instanceof ScimError ? error : new ScimError(500, 'Server error'), headers: {} }))
  const { resource, operation } = scimOperationOf(method, url.pathname)
  if (response instanceof Response) {
    scimRequests.inc({ resource, operation, status: String(response.status) })
    return response
  }
  const { error, headers } = response
  scimRequests.inc({ resource, operation, status: String(error.status) })
  if (error.status === 429) scimRateLimited.inc()
  const known = token as DirectoryTokenIdentity | null
  if (known && db && error.status !== 503) {
    // The sync's last errors on the organization home; a failure to record never changes the answer.
    const path = url.pathname.replace(/^\/scim\/v2/, '') || '/'
    await recordDirectoryError(db, { organizationId: known.organizationId, tokenId: known.id, method, path, error }).catch((e: unknown) => {
      if (!isDatabaseUnavailable(e)) console.error('scim: could not record an error', e)
    })
  }
  return errorAnswer(error, headers)
}

/**
 * Answers one request: a Response for a success, or the ScimError to answer with its extra
 * headers (the caller records it). `authenticated` hears of the token once it is known.
 */
async function respond(
  method: string,
  handlers: Partial<Record<Method, Handler>>,
  { request, params, context }: LoaderFunctionArgs,
  authenticated: (token: DirectoryTokenIdentity, db: ScimCtx['db']) => void,
): Promise<Response | { error: ScimError; headers: HeadersInit }> {
  try {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.get('Authorization') ?? '')
    const base = ctxFor(null, context)
    const token = match ? await authenticateDirectoryToken(base.db, match[1], base.now) : null
    if (!token) throw new ScimError(401, 'A valid directory token is required (Authorization: Bearer …)')
    authenticated(token, base.db)
    try {
      await consume(base.db, `scim:token:${token.id}`, directoryRequestsPerToken(), base.now)
    } catch (error) {
      if (!(error instanceof DomainError) || error.code !== 'TOO_MANY_ATTEMPTS') throw error
      const retryAt = Date.parse(String(error.data.retryAt))
      const seconds = Math.max(1, Math.ceil((retryAt - base.now.getTime()) / 1000))
      return { error: new ScimError(429, `Too many requests: try again in ${seconds} s`), headers: { 'Retry-After': String(seconds) } }
    }
    const handler = Object.hasOwn(handlers, method) ? handlers[method as Method] : undefined
    if (!handler) {
      const allow = Object.keys(handlers).join(', ')
      return { error: new ScimError(405, `Allowed: ${allow}`), headers: { Allow: allow } }
    }
    const ctx: ScimCtx = { ...base, organizationId: token.organizationId, directoryTokenId: token.id, baseUrl: scimBaseUrl() }
    const result = await handler({ request, params, ctx, body: () => readScimBody(request) })
    if (result.status === 204) return new Response(null, { status: 204 })
    return scimJson(result.body, {
      status: result.status ?? 200,
      headers: 'location' in result && result.location ? { Location: result.location } : {},
    })
  } catch (error) {
    if (error instanceof ScimError) return { error, headers: error.status === 401 ? { 'WWW-Authenticate': 'Bearer realm="scim"' } : {} }
    if (isDatabaseUnavailable(error))
      return { error: new ScimError(503, 'The service is unavailable, try again later'), headers: { 'Retry-After': '30' } }
    console.error('scim: unexpected error', error)
    return { error: new ScimError(500, 'Server error'), headers: {} }
  }
}

/** A SCIM route module's loader (GET, HEAD) and action (every other method), like apiRoute. */
export function scimRoute(handlers: Partial<Record<Method, Handler>>) {
  return {
    loader: (args: LoaderFunctionArgs) => answer('GET', handlers, args),
    action: (args: ActionFunctionArgs) => answer(args.request.method.toUpperCase(), handlers, args),
  }
}
