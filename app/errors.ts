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
  /** A body sent without a Content-Length (chunked): the server refuses to read it (server/security.ts). */
  LENGTH_REQUIRED: 411,
  EMAIL_TAKEN: 409,
  TOKEN_INVALID: 400,
  TOKEN_EXPIRED: 400,
  TOKEN_USED: 400,
  PAYLOAD_TOO_LARGE: 413,
  /** A body of a type the route does not read: an API call takes JSON, a form action a URL-encoded form. */
  UNSUPPORTED_MEDIA_TYPE: 415,
  TOO_MANY_ATTEMPTS: 429,
  // Account security (docs/auth.md)
  /**
   * POST /api/v2/signin: the password was right, and the account has two-step verification on.
   * No session: `token` goes with a code to POST /api/v2/signin/second-factor within 5 minutes.
   */
  SECOND_FACTOR_REQUIRED: 401,
  /** A two-step code (or recovery code) that is wrong, used already or of another time. */
  CODE_INVALID: 400,
  TWO_STEP_ALREADY_ON: 409,
  TWO_STEP_NOT_ON: 409,
  /**
   * The organization requires two-step verification or a passkey of its admins (and maybe group
   * creators), and neither the user nor this session (password only) meets it. With
   * `organizationId` and `setupUrl` (where to set it up); screens redirect there instead.
   */
  STRONG_AUTH_REQUIRED: 403,
  /**
   * A security change (adding or removing a passkey, linking or unlinking a provider account,
   * setting up two-step) needs a fresh proof of who the user is, within the last 10 minutes
   * ("sudo mode", docs/auth.md). With `reauthUrl` (the "Confirm it's you" page); screens redirect there.
   */
  REAUTH_REQUIRED: 403,
  /** A passkey response that does not verify: unknown or removed passkey, another user's, another origin or RP id, no user verification. */
  PASSKEY_INVALID: 400,
  /** The challenge a passkey response signed is unknown, used already or older than 5 minutes: start again. */
  PASSKEY_CHALLENGE_INVALID: 400,
  /** Removing this passkey would leave the account without a way in (no password, provider account or other passkey). */
  PASSKEY_LAST_WAY_IN: 409,
  // Organization administration and invitation codes (spec section 8)
  INVITATION_NOT_FOUND: 404,
  WRONG_EMAIL: 403,
  USED: 410,
  /** The addressee declined the invitation in their inbox (migration 022): its code no longer works. */
  INVITATION_DECLINED: 410,
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
  /** The owner leaving their own group: they hand it over to another member first. */
  GROUP_OWNER_CANNOT_LEAVE: 409,
  /** An owner change whose new owner already owns the group. */
  ALREADY_GROUP_OWNER: 409,
  ALREADY_GROUP_CREATOR: 409,
  NOT_GROUP_CREATOR: 409,
  // Profile and preferences (docs/profile.md)
  /** Another user's profile the actor shares nothing with, or any user id but the actor's own where only they may act. */
  USER_NOT_FOUND: 404,
  /** The password given to confirm a change (email, password, account deletion) is not the account's. */
  WRONG_PASSWORD: 400,
  /** An upload that is not a JPEG, PNG or WebP picture (also a file dressed up as one, or a broken one). */
  PICTURE_INVALID: 400,
  /** A picture over 5 MB (PROFILE_PICTURE_MAX_BYTES). */
  PICTURE_TOO_LARGE: 413,
  /** Deleting an account while its user is the last admin of an organization or owns a group. */
  ACCOUNT_DELETION_BLOCKED: 409,
  /** The attendance permission (migration 011): already given, not given, or an admin's (always). */
  ALREADY_ATTENDANCE_CREATOR: 409,
  NOT_ATTENDANCE_CREATOR: 409,
  IS_ORGANIZATION_ADMIN: 409,
  /** Platform administration: no account with that email; an organization admin already, or not one. */
  NO_ACCOUNT_WITH_EMAIL: 404,
  ALREADY_ORGANIZATION_ADMIN: 409,
  NOT_ORGANIZATION_ADMIN: 409,
  /** A platform admin resetting the sign-in factors of their own account: another platform admin does it (docs/security.md "Lost every factor"). */
  ACCOUNT_RECOVERY_OWN: 403,
  // Single sign-on (spec sections 7 and 8, docs/sso.md)
  /** POST /v2/signin with checkUserExist: the provider's account has no user here yet. */
  NO_USER: 404,
  /** The account's email must be proven (a link was emailed) before it signs in. */
  VERIFICATION_REQUIRED: 403,
  USER_CREATION_FAILED: 409,
  SSO_CANCELLED: 400,
  SSO_STATE_MISMATCH: 400,
  SSO_CODE_EXPIRED: 400,
  SSO_TOKEN_INVALID: 401,
  SSO_PROVIDER_DOWN: 502,
  SSO_FAILED: 502,
  /** This account already has another account of the same provider linked. */
  SSO_ALREADY_LINKED: 409,
  /** The provider's account belongs to another user of ours. */
  SSO_IDENTITY_TAKEN: 409,
  /** Unlinking would leave the account with no way in. */
  SSO_LAST_WAY_IN: 409,
  // The library (spec section 2, "/library"; ADR 009)
  /** No such package, or one the actor may not see (never "forbidden": that would say it exists). */
  PACKAGE_NOT_FOUND: 404,
  /** The package was saved by someone else since the form was loaded (its version moved on). */
  PACKAGE_VERSION_CONFLICT: 409,
  /** A limit of the package (roles, entities, pending invitations; data: { limit, max }). */
  PACKAGE_LIMIT_EXCEEDED: 400,
  /** An entity names a role the package does not have. */
  PACKAGE_ROLE_NOT_FOUND: 400,
  /** Publishing a package without any role. */
  PACKAGE_NO_ROLES: 400,
  /** The user may see the package but not do this (e.g. an editor deleting it). */
  PACKAGE_ACCESS_DENIED: 403,
  /** Inviting the owner, a collaborator, or an address with a pending invitation. */
  PACKAGE_ALREADY_SHARED: 409,
  PACKAGE_INVITATION_NOT_FOUND: 404,
  PACKAGE_COLLABORATOR_NOT_FOUND: 404,
  /** Handing a package over to someone who is not one of its editors. */
  PACKAGE_HANDOVER_NOT_EDITOR: 409,
  /** An unknown or revoked share link (or one of another package). */
  SHARE_LINK_INVALID: 404,
  SHARE_LINK_EXPIRED: 410,
  // Member import (docs/organizations.md): the file's own problems, and an upload that is gone.
  /** Neither CSV nor .xlsx that can be read. */
  IMPORT_FILE_INVALID: 400,
  /** Not a CSV file or an Excel workbook at all (a PDF, a picture, a Word document). */
  IMPORT_NOT_SPREADSHEET: 400,
  /** Over MEMBER_IMPORT_MAX_BYTES (4 MB). */
  IMPORT_FILE_TOO_LARGE: 413,
  /** More than MEMBER_IMPORT_MAX_ROWS rows (data: { max }). */
  IMPORT_TOO_MANY_ROWS: 413,
  /** The first row names no email column. */
  IMPORT_NO_EMAIL_COLUMN: 400,
  /** No rows below the header (or no file chosen). */
  IMPORT_EMPTY: 400,
  /** The upload expired, was applied and dropped, or is another admin's. */
  IMPORT_NOT_FOUND: 404,
  // Group work (docs/group-work.md). A task or loop the actor may not see is GROUP_NOT_FOUND.
  /** The loop has comments: its author can no longer edit it (deleting stays possible). */
  LOOP_LOCKED: 409,
  /** The group does not take free loops (loops with no task). */
  FREE_LOOPS_OFF: 403,
  /** The group has GROUP_TAG_LIMIT (50) tags already. */
  TAG_LIMIT_REACHED: 409,
  /** Another tag of the group has this name (case aside). */
  TAG_NAME_TAKEN: 409,
  /** Not a JPEG, PNG or WebP image by its content (whatever its name or type says). */
  PHOTO_INVALID: 400,
  /** A photo over LOOP_PHOTO_MAX_BYTES (5 MB). */
  PHOTO_TOO_LARGE: 413,
  /** A loop has LOOP_PHOTO_LIMIT (3) photos already. */
  PHOTO_LIMIT_REACHED: 409,
  /** A retention period over the organization's maximum (data: { max }). */
  RETENTION_TOO_LONG: 400,
  SERVER_ERROR: 500,
  UNKNOWN_ERROR: 500,
  /**
   * The server is overloaded (server/admission.ts) or the database cannot be reached
   * (app/http/service-unavailable.server.ts): try again after Retry-After.
   */
  SERVICE_UNAVAILABLE: 503,
} as const satisfies Record<string, number>

export type ErrorCode = keyof typeof ERROR_STATUS

export const isErrorCode = (value: unknown): value is ErrorCode => typeof value === 'string' && Object.hasOwn(ERROR_STATUS, value)

export const statusOf = (code: ErrorCode) => ERROR_STATUS[code]

/**
 * What each code means to a screen, declared once (routeCall in app/http/route-call.server.ts
 * reads it): `not-found`, the thing is not there or not the actor's to see (a screen may show its
 * 404 page, never "forbidden"); `refusal`, understood and refused as things stand (e.g. changed in
 * another tab: a screen may say so in a toast); `invalid`, the input (the form shows it);
 * `sign-in`, who the actor is (sign in, verify); `step-up`, the organization's two-step policy or a
 * security change's fresh proof (a screen sends them to set it up, or to confirm it's them);
 * `server`, our failure or an outage (never a toast).
 */
export type ErrorKind = 'not-found' | 'refusal' | 'invalid' | 'sign-in' | 'step-up' | 'server'

export const ERROR_KIND = {
  BAD_REQUEST: 'invalid',
  UNAUTHORIZED: 'sign-in',
  SESSION_NOT_FOUND: 'sign-in',
  USER_NOT_VERIFIED: 'sign-in',
  FORBIDDEN: 'refusal',
  NOT_FOUND: 'not-found',
  METHOD_NOT_ALLOWED: 'refusal',
  LENGTH_REQUIRED: 'invalid',
  EMAIL_TAKEN: 'refusal',
  TOKEN_INVALID: 'invalid',
  TOKEN_EXPIRED: 'invalid',
  TOKEN_USED: 'invalid',
  PAYLOAD_TOO_LARGE: 'invalid',
  UNSUPPORTED_MEDIA_TYPE: 'invalid',
  TOO_MANY_ATTEMPTS: 'refusal',
  SECOND_FACTOR_REQUIRED: 'sign-in',
  CODE_INVALID: 'invalid',
  TWO_STEP_ALREADY_ON: 'refusal',
  TWO_STEP_NOT_ON: 'refusal',
  STRONG_AUTH_REQUIRED: 'step-up',
  REAUTH_REQUIRED: 'step-up',
  PASSKEY_INVALID: 'invalid',
  PASSKEY_CHALLENGE_INVALID: 'invalid',
  PASSKEY_LAST_WAY_IN: 'refusal',
  INVITATION_NOT_FOUND: 'not-found',
  WRONG_EMAIL: 'refusal',
  USED: 'refusal',
  INVITATION_DECLINED: 'refusal',
  IS_ALREADY_GROUP_CREATOR: 'refusal',
  ALREADY_ADDED_TO_GROUP: 'refusal',
  ALREADY_ADDED_TO_ORGANIZATION: 'refusal',
  ORGANIZATION_NOT_FOUND: 'not-found',
  ORGANIZATION_INACTIVE: 'refusal',
  GROUP_NOT_FOUND: 'not-found',
  MEMBER_NOT_FOUND: 'not-found',
  LAST_ADMIN: 'refusal',
  OWNER_NOT_MEMBER: 'invalid',
  IS_GROUP_OWNER: 'refusal',
  GROUP_OWNER_CANNOT_LEAVE: 'refusal',
  ALREADY_GROUP_OWNER: 'refusal',
  ALREADY_GROUP_CREATOR: 'refusal',
  NOT_GROUP_CREATOR: 'refusal',
  USER_NOT_FOUND: 'not-found',
  WRONG_PASSWORD: 'invalid',
  PICTURE_INVALID: 'invalid',
  PICTURE_TOO_LARGE: 'invalid',
  ACCOUNT_DELETION_BLOCKED: 'refusal',
  ALREADY_ATTENDANCE_CREATOR: 'refusal',
  NOT_ATTENDANCE_CREATOR: 'refusal',
  IS_ORGANIZATION_ADMIN: 'refusal',
  NO_ACCOUNT_WITH_EMAIL: 'not-found',
  ALREADY_ORGANIZATION_ADMIN: 'refusal',
  NOT_ORGANIZATION_ADMIN: 'refusal',
  ACCOUNT_RECOVERY_OWN: 'refusal',
  NO_USER: 'not-found',
  VERIFICATION_REQUIRED: 'sign-in',
  USER_CREATION_FAILED: 'refusal',
  SSO_CANCELLED: 'invalid',
  SSO_STATE_MISMATCH: 'invalid',
  SSO_CODE_EXPIRED: 'invalid',
  SSO_TOKEN_INVALID: 'sign-in',
  SSO_PROVIDER_DOWN: 'server',
  SSO_FAILED: 'server',
  SSO_ALREADY_LINKED: 'refusal',
  SSO_IDENTITY_TAKEN: 'refusal',
  SSO_LAST_WAY_IN: 'refusal',
  PACKAGE_NOT_FOUND: 'not-found',
  PACKAGE_VERSION_CONFLICT: 'refusal',
  PACKAGE_LIMIT_EXCEEDED: 'invalid',
  PACKAGE_ROLE_NOT_FOUND: 'invalid',
  PACKAGE_NO_ROLES: 'invalid',
  PACKAGE_ACCESS_DENIED: 'refusal',
  PACKAGE_ALREADY_SHARED: 'refusal',
  PACKAGE_INVITATION_NOT_FOUND: 'not-found',
  PACKAGE_COLLABORATOR_NOT_FOUND: 'not-found',
  PACKAGE_HANDOVER_NOT_EDITOR: 'refusal',
  SHARE_LINK_INVALID: 'not-found',
  SHARE_LINK_EXPIRED: 'refusal',
  IMPORT_FILE_INVALID: 'invalid',
  IMPORT_NOT_SPREADSHEET: 'invalid',
  IMPORT_FILE_TOO_LARGE: 'invalid',
  IMPORT_TOO_MANY_ROWS: 'invalid',
  IMPORT_NO_EMAIL_COLUMN: 'invalid',
  IMPORT_EMPTY: 'invalid',
  IMPORT_NOT_FOUND: 'not-found',
  LOOP_LOCKED: 'refusal',
  FREE_LOOPS_OFF: 'refusal',
  TAG_LIMIT_REACHED: 'refusal',
  TAG_NAME_TAKEN: 'invalid',
  PHOTO_INVALID: 'invalid',
  PHOTO_TOO_LARGE: 'invalid',
  PHOTO_LIMIT_REACHED: 'invalid',
  RETENTION_TOO_LONG: 'invalid',
  SERVER_ERROR: 'server',
  UNKNOWN_ERROR: 'server',
  SERVICE_UNAVAILABLE: 'server',
} as const satisfies Record<ErrorCode, ErrorKind>

export const kindOf = (code: ErrorCode): ErrorKind => ERROR_KIND[code]

/** The codes of one kind, e.g. `CodeOfKind<'not-found'>` for the codes a screen may show as its 404 page. */
export type CodeOfKind<K extends ErrorKind> = { [C in ErrorCode]: (typeof ERROR_KIND)[C] extends K ? C : never }[ErrorCode]

/** Message key of a code; unknown codes fall back to UNKNOWN_ERROR. */
export const messageKey = (code: string) => `errors.${isErrorCode(code) ? code : 'UNKNOWN_ERROR'}`

/**
 * The catalogue's answer for a code outside a service, `{ message: CODE }` with its status, e.g. a
 * guard's 401 or a route's 405 (with `Allow` in `init.headers`). Anything the server answers with
 * goes through this or a DomainError, so every status it sends is in the catalogue.
 */
export const errorResponse = (code: ErrorCode, init: Omit<ResponseInit, 'status'> = {}) =>
  Response.json({ message: code }, { ...init, status: statusOf(code) })

/** 405 METHOD_NOT_ALLOWED with the methods the route does answer (`allow`, e.g. 'PUT' or 'GET, HEAD, POST'). */
export const methodNotAllowed = (allow: string) => errorResponse('METHOD_NOT_ALLOWED', { headers: { Allow: allow } })

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
