import { normalizePath } from './filter'
import { invalidPath, invalidValue, ScimError } from './scim-error'
import { ENTERPRISE_USER_SCHEMA, scimBoolean, USER_SCHEMA } from './scim-context'

/**
 * The attributes of a SCIM User that this app keeps, read from a POST or PUT body and changed by
 * PATCH operations (RFC 7644 §3.5.2), including the shapes Entra ID sends: `op` in any case
 * ("Replace"), `"active": "False"` as a string, and a `replace` without a path whose value
 * carries several attributes (some under the enterprise extension's URN).
 */
export interface UserAttributes {
  userName: string
  externalId: string | null
  givenName: string | null
  familyName: string | null
  displayName: string | null
  active: boolean
}

/**
 * Attributes of the core User schema and the enterprise extension that a directory may send and
 * this app does not keep: accepted and left alone, so a directory's default attribute mappings
 * work. Any other path is 400 invalidPath.
 */
const NOT_KEPT = new Set([
  'name.formatted',
  'name.middlename',
  'name.honorificprefix',
  'name.honorificsuffix',
  'nickname',
  'profileurl',
  'title',
  'usertype',
  'preferredlanguage',
  'locale',
  'timezone',
  'password',
  'phonenumbers',
  'addresses',
  'photos',
  'ims',
  'entitlements',
  'roles',
  'x509certificates',
  'groups',
  'schemas',
  'id',
  'meta',
])

const MAX_LENGTH = 256
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

function text(value: unknown, attr: string): string | null {
  if (value === null || value === undefined) return null
  if (typeof value !== 'string') throw invalidValue(`${attr} must be a string`)
  const trimmed = value.trim()
  if (trimmed.length > MAX_LENGTH) throw invalidValue(`${attr} is longer than ${MAX_LENGTH} characters`)
  return trimmed || null
}

/** The email a userName names (lower case), or 400 invalidValue. */
export function userNameEmail(value: unknown) {
  const name = text(value, 'userName')
  if (!name || !EMAIL.test(name)) throw invalidValue("userName must be the person's email address")
  return name.toLowerCase()
}

/** A POST or PUT body's attributes (unknown ones are ignored, RFC 7644 §3.3). */
export function readUserBody(body: unknown): UserAttributes {
  if (!body || typeof body !== 'object' || Array.isArray(body))
    throw new ScimError(400, 'The body must be a SCIM User object', 'invalidSyntax')
  const b = body as Record<string, unknown>
  const name = b.name && typeof b.name === 'object' ? (b.name as Record<string, unknown>) : {}
  const active = b.active === undefined ? true : scimBoolean(b.active)
  if (active === undefined) throw invalidValue('active must be true or false')
  return {
    userName: userNameEmail(b.userName),
    externalId: text(b.externalId, 'externalId'),
    givenName: text(name.givenName, 'name.givenName'),
    familyName: text(name.familyName, 'name.familyName'),
    displayName: text(b.displayName, 'displayName'),
    active,
  }
}

type PatchKind = 'add' | 'replace' | 'remove'

/** Applies one attribute path of a PATCH operation to `state` (in place). */
function applyPath(state: UserAttributes, rawPath: string, value: unknown, kind: PatchKind) {
  const path = normalizePath(rawPath)
  const remove = kind === 'remove'
  if (path.startsWith(ENTERPRISE_USER_SCHEMA.toLowerCase())) return // department, manager, …: not kept
  const base = path.split(/[.[]/)[0]
  switch (path) {
    case 'active': {
      const active = remove ? undefined : scimBoolean(value)
      if (active === undefined) throw invalidValue('active must be true or false')
      state.active = active
      return
    }
    case 'username':
      if (remove) throw new ScimError(400, 'userName is required', 'mutability')
      state.userName = userNameEmail(value)
      return
    case 'externalid':
      state.externalId = remove ? null : text(value, 'externalId')
      return
    case 'displayname':
      state.displayName = remove ? null : text(value, 'displayName')
      return
    case 'name.givenname':
      state.givenName = remove ? null : text(value, 'name.givenName')
      return
    case 'name.familyname':
      state.familyName = remove ? null : text(value, 'name.familyName')
      return
    case 'name': {
      if (remove) {
        state.givenName = null
        state.familyName = null
        return
      }
      if (!value || typeof value !== 'object') throw invalidValue('name must be an object')
      const name = value as Record<string, unknown>
      if ('givenName' in name) state.givenName = text(name.givenName, 'name.givenName')
      if ('familyName' in name) state.familyName = text(name.familyName, 'name.familyName')
      return
    }
  }
  // The email is the userName; emails, emails.value and emails[type eq "work"].value are accepted and not kept apart.
  if (base === 'emails' || NOT_KEPT.has(path) || NOT_KEPT.has(base)) return
  throw invalidPath(rawPath)
}

/** The attributes after a PATCH request's operations, in order; none of them is applied if one fails. */
export function applyUserPatch(current: UserAttributes, body: unknown): UserAttributes {
  const state = { ...current }
  for (const operation of patchOperations(body)) {
    const { kind, path, value } = operation
    if (path) {
      applyPath(state, path, value, kind)
      continue
    }
    if (kind === 'remove') throw new ScimError(400, 'A remove operation needs a path', 'noTarget')
    if (!value || typeof value !== 'object' || Array.isArray(value)) throw invalidValue('An operation without a path needs an object value')
    for (const [key, v] of Object.entries(value as Record<string, unknown>)) {
      // {"urn:…:enterprise:2.0:User": {…}} or {"urn:…:core:2.0:User": {…}} nest attributes under their schema.
      if (key.toLowerCase() === USER_SCHEMA.toLowerCase() && v && typeof v === 'object') {
        for (const [inner, w] of Object.entries(v as Record<string, unknown>)) applyPath(state, inner, w, kind)
      } else applyPath(state, key, v, kind)
    }
  }
  return state
}

/** The operations of a PatchOp body (RFC 7644 §3.5.2), `op` in any case. */
export function patchOperations(body: unknown): { kind: PatchKind; path: string | null; value: unknown }[] {
  const operations = body && typeof body === 'object' ? (body as Record<string, unknown>).Operations : undefined
  if (!Array.isArray(operations) || operations.length === 0)
    throw new ScimError(400, 'A PATCH body needs a list of Operations', 'invalidSyntax')
  return operations.map((o) => {
    if (!o || typeof o !== 'object') throw new ScimError(400, 'Each operation must be an object', 'invalidSyntax')
    const { op, path, value } = o as Record<string, unknown>
    const kind = typeof op === 'string' ? op.toLowerCase() : ''
    if (kind !== 'add' && kind !== 'replace' && kind !== 'remove')
      throw invalidValue(`Unknown operation "${String(op)}" (add, replace or remove)`)
    if (path !== undefined && path !== null && (typeof path !== 'string' || path.length > 500)) throw invalidPath(String(path))
    return { kind, path: typeof path === 'string' && path.trim() ? path.trim() : null, value }
  })
}
