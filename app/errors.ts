/**
 * The error catalogue (product spec section 8): every code the server may answer with,
 * its HTTP status, and the message key the browser translates (`errors.<CODE>`).
 * Shared by server and browser; holds no secrets.
 */
export const ERROR_STATUS = {
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  SESSION_NOT_FOUND: 401,
  USER_NOT_VERIFIED: 403,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  EMAIL_TAKEN: 409,
  TOKEN_INVALID: 400,
  TOKEN_EXPIRED: 400,
  TOKEN_USED: 400,
  PAYLOAD_TOO_LARGE: 413,
  TOO_MANY_ATTEMPTS: 429,
  // Organization administration and invitation codes (spec section 8)
  INVITATION_NOT_FOUND: 404,
  WRONG_EMAIL: 403,
  USED: 410,
  IS_ALREADY_GROUP_CREATOR: 409,
  ALREADY_ADDED_TO_GROUP: 409,
  ALREADY_ADDED_TO_ORGANIZATION: 409,
  ORGANIZATION_NOT_FOUND: 404,
  /** The organization is inactive: its codes cannot be redeemed, nothing new happens in it (docs/organizations.md). */
  ORGANIZATION_INACTIVE: 403,
  GROUP_NOT_FOUND: 404,
  MEMBER_NOT_FOUND: 404,
  LAST_ADMIN: 409,
  OWNER_NOT_MEMBER: 400,
  IS_GROUP_OWNER: 409,
  /** An owner change whose new owner already owns the group. */
  ALREADY_GROUP_OWNER: 409,
  ALREADY_GROUP_CREATOR: 409,
  NOT_GROUP_CREATOR: 409,
  SERVER_ERROR: 500,
  UNKNOWN_ERROR: 500,
  /**
   * The server is overloaded (server/admission.ts) or the database cannot be reached
   * (app/ui/service-unavailable.server.ts): try again after Retry-After.
   */
  SERVICE_UNAVAILABLE: 503,
} as const satisfies Record<string, number>

export type ErrorCode = keyof typeof ERROR_STATUS

export const isErrorCode = (value: unknown): value is ErrorCode =>
  typeof value === 'string' && Object.hasOwn(ERROR_STATUS, value)

export const statusOf = (code: ErrorCode) => ERROR_STATUS[code]

/** Message key of a code; unknown codes fall back to UNKNOWN_ERROR. */
export const messageKey = (code: string) => `errors.${isErrorCode(code) ? code : 'UNKNOWN_ERROR'}`

/** A catalogue error raised by a service. `data` travels to the client (e.g. retryAt). */
export class DomainError extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly data: Record<string, unknown> = {},
  ) {
    super(code)
    this.name = 'DomainError'
  }
  get status() {
    return statusOf(this.code)
  }
}
