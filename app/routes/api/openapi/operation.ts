import { extendZodWithOpenApi, type ResponseConfig, type RouteConfig } from '@asteasolutions/zod-to-openapi'
import { z } from 'zod'
import { ERROR_STATUS, type ErrorCode } from '~/errors'

/*
 * How an API call is documented (docs/api.md): each area of app/routes/api has an `*.openapi.ts`
 * module beside its route modules that exports its operations, made with `operation()` from the
 * zod schemas the routes read their input with (readJson) and the answer schemas their handlers'
 * values are typed with (`Answer<typeof …>`). document.server.ts collects them into the OpenAPI
 * 3.1 document served at /api/openapi.json.
 */

// `.openapi()` on every zod schema (component names, examples); patches zod's prototype once.
extendZodWithOpenApi(z)

/** The answer type a handler returns for a documented schema (its input side: before transforms). */
export type Answer<S extends z.ZodTypeAny> = z.input<S>

/** Who may call: with a session cookie, anyone, or anyone with the session used when there is one. */
export type Access = 'session' | 'public' | 'optional-session'

/** The session cookie and the single sign-on's ID token (components.securitySchemes). */
export const SECURITY_SCHEMES = {
  session: { type: 'apiKey', in: 'cookie', name: '__session', description: 'The session cookie set by POST /api/v2/signin.' },
  sso: {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'JWT',
    description: 'An ID token of a single sign-on provider (Google, Microsoft, Skolfederation): POST /api/v2/signin only (docs/sso.md).',
  },
} as const

/** The fields a refusal may carry beside its code (DomainError data). */
const ErrorData = {
  errors: z
    .record(z.array(z.string()))
    .optional()
    .openapi({ description: 'BAD_REQUEST: the message keys of the problems, by field ("" for the body as a whole).' }),
  retryAt: z.string().optional().openapi({ description: 'TOO_MANY_ATTEMPTS: when a new attempt is allowed (ISO 8601).' }),
  organizationId: z.string().optional().openapi({ description: 'STRONG_AUTH_REQUIRED: the organization whose two-step policy applies.' }),
  setupUrl: z
    .string()
    .optional()
    .openapi({ description: 'STRONG_AUTH_REQUIRED: the page where the user sets up two-step verification or a passkey.' }),
}

/**
 * The catalogue's refusal, `{ message: CODE, ...data }` (app/errors.ts), for the given codes.
 * Data beyond the known fields (e.g. `token` of SECOND_FACTOR_REQUIRED) is allowed.
 */
export const errorBody = (codes: readonly [ErrorCode, ...ErrorCode[]]) => z.object({ message: z.enum(codes), ...ErrorData }).passthrough()

/** Codes every call may answer with: the database is unreachable or the server overloaded (with Retry-After). */
const ALWAYS: ErrorCode[] = ['SERVICE_UNAVAILABLE']
/** A call that reads a body: not JSON, too large, chunked, or invalid. */
const BODY: ErrorCode[] = ['BAD_REQUEST', 'UNSUPPORTED_MEDIA_TYPE', 'PAYLOAD_TOO_LARGE', 'LENGTH_REQUIRED']
/** A call with a session: none (or an expired one). */
const SESSION: ErrorCode[] = ['SESSION_NOT_FOUND']
/** A state-changing call from a foreign Origin (server/security.ts originCheck). */
const UNSAFE: ErrorCode[] = ['FORBIDDEN']
/** A call under an organization: its two-step policy covers the caller, who has not met it (docs/auth.md). */
const ORGANIZATION_POLICY: ErrorCode[] = ['STRONG_AUTH_REQUIRED']

export interface OperationInput {
  method: 'get' | 'post' | 'put' | 'patch' | 'delete'
  /** The OpenAPI path, `{param}` for a Remix `:param` (e.g. /api/v1/organizations/{organizationId}/name). */
  path: string
  /** The area, e.g. Organizations (operations are grouped by it). */
  tag: string
  summary: string
  description?: string
  access: Access
  /** Also takes `Authorization: Bearer <ID token>` (single sign-on). */
  bearer?: boolean
  params?: z.AnyZodObject
  query?: z.AnyZodObject
  headers?: z.AnyZodObject
  /** The body schema readJson validates with. */
  body?: z.ZodTypeAny
  /** The body's media type when it is not JSON (a multipart upload: `multipart/form-data`). */
  bodyType?: string
  /** The answer when it works; `schema: null` is a response without a body (204). */
  /** `contentType`: one media type, or several the same schema describes (a download in the format asked for). */
  ok: {
    status: 200 | 201 | 204
    schema: z.ZodTypeAny | null
    description: string
    headers?: z.AnyZodObject
    contentType?: string | string[]
  }
  /** The catalogue codes this call answers with beyond the common ones (session, body, origin, availability). */
  errors?: ErrorCode[]
  /** Other successful answers, e.g. an alternative shape. */
  extra?: Record<number, ResponseConfig>
}

/** The OpenAPI operation of one API call, with every refusal grouped by status. */
export function operation(input: OperationInput): RouteConfig {
  const codes = new Set<ErrorCode>([
    ...(input.access === 'session' ? SESSION : []),
    ...(input.body ? BODY : []),
    ...(input.query ? (['BAD_REQUEST'] as ErrorCode[]) : []),
    ...(input.method === 'get' ? [] : UNSAFE),
    ...(input.access === 'session' && input.path.includes('{organizationId}') ? ORGANIZATION_POLICY : []),
    ...(input.errors ?? []),
    ...ALWAYS,
  ])
  const byStatus = new Map<number, ErrorCode[]>()
  for (const code of codes) byStatus.set(ERROR_STATUS[code], [...(byStatus.get(ERROR_STATUS[code]) ?? []), code])
  const responses: RouteConfig['responses'] = {
    [input.ok.status]: {
      description: input.ok.description,
      ...(input.ok.headers ? { headers: input.ok.headers } : {}),
      ...(input.ok.schema
        ? {
            content: Object.fromEntries(
              [input.ok.contentType ?? 'application/json'].flat().map((type) => [type, { schema: input.ok.schema! }]),
            ),
          }
        : {}),
    },
    ...input.extra,
  }
  for (const [status, list] of [...byStatus].sort(([a], [b]) => a - b)) {
    responses[status] = {
      description: list.join(', '),
      content: { 'application/json': { schema: errorBody(list as [ErrorCode, ...ErrorCode[]]) } },
    }
  }
  const security: Record<string, string[]>[] =
    input.access === 'session'
      ? [{ session: [] }]
      : input.access === 'optional-session'
        ? [{}, { session: [] }]
        : input.bearer
          ? [{}, { sso: [] }]
          : []
  return {
    method: input.method,
    path: input.path,
    tags: [input.tag],
    summary: input.summary,
    ...(input.description ? { description: input.description } : {}),
    operationId: operationIdOf(input.method, input.path),
    security,
    request: {
      ...(input.params ? { params: input.params } : {}),
      ...(input.query ? { query: input.query } : {}),
      ...(input.headers ? { headers: input.headers } : {}),
      ...(input.body ? { body: { required: true, content: { [input.bodyType ?? 'application/json']: { schema: input.body } } } } : {}),
    },
    responses,
  }
}

/** e.g. put /api/v1/organizations/{organizationId}/name → putV1OrganizationsOrganizationIdName */
const operationIdOf = (method: string, path: string) =>
  method +
  path
    .replace(/^\/api\//, '')
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((w) => w[0].toUpperCase() + w.slice(1))
    .join('')

// ---------- Parameters and answers shared by several areas ----------

/** Ids are 24 hexadecimal characters; a path id of another shape is simply not found. */
export const idParam = (description: string) => z.string().min(1).max(100).openapi({ description, example: '0123456789abcdef01234567' })
export const OrganizationParams = z.object({ organizationId: idParam('The organization.') })
export const UserParams = z.object({ userId: idParam("The user: the caller's own id (another is 404 USER_NOT_FOUND).") })

/** `{}`: the call worked and has nothing to say. */
export const EmptyAnswer = z.object({}).strict().openapi('Empty')

/** One item of a bulk call: its id and SUCCESS or the catalogue code of its problem. */
/**
 * Answer schemas are strict (additionalProperties: false), so the contract test catches a field an
 * answer gains without its schema. A schema that adds fields to another spreads its `itemResultShape`
 * (a `.extend()` of a named, strict schema becomes allOf, which no extra field passes).
 */
export const itemResultShape = { _id: z.string(), result: z.string().openapi({ example: 'SUCCESS' }) }
export const ItemResultAnswer = z.object(itemResultShape).strict().openapi('ItemResult')
export const ItemResultsAnswer = z.array(ItemResultAnswer)
