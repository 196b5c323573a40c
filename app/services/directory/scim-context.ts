import type { Ctx } from '~/services/context.server'

/**
 * What every SCIM service call gets: the service context with the directory token as the actor
 * (audit entries name it; `actor` is null), the token's organization, which confines every read
 * and write, and the endpoint's base URL for `meta.location` (`{APP_URL}/scim/v2`).
 */
export interface ScimCtx extends Ctx {
  organizationId: string
  directoryTokenId: string
  baseUrl: string
}

export const USER_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:User'
export const GROUP_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:Group'
export const ENTERPRISE_USER_SCHEMA = 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User'
export const LIST_SCHEMA = 'urn:ietf:params:scim:api:messages:2.0:ListResponse'
export const PATCH_SCHEMA = 'urn:ietf:params:scim:api:messages:2.0:PatchOp'

/** The most resources one list answers (`count` above it is lowered to it, RFC 7644 §3.4.2.4). */
export const MAX_PAGE_SIZE = 1000
export const DEFAULT_PAGE_SIZE = 100

/** startIndex (1-based, below 1 is 1) and count (default 100, at most MAX_PAGE_SIZE, below 0 is 0) of a list request. */
export function paging(params: URLSearchParams) {
  const number = (name: string) => {
    const raw = params.get(name)
    if (raw === null || raw.trim() === '') return null
    const n = Number(raw)
    return Number.isFinite(n) ? Math.trunc(n) : null
  }
  const startIndex = Math.max(1, number('startIndex') ?? 1)
  const count = Math.min(MAX_PAGE_SIZE, Math.max(0, number('count') ?? DEFAULT_PAGE_SIZE))
  return { startIndex, count }
}

export function listResponse<T>(resources: T[], totalResults: number, startIndex: number) {
  return { schemas: [LIST_SCHEMA], totalResults, startIndex, itemsPerPage: resources.length, Resources: resources }
}

/** A boolean as directories send it: true/false, or Entra ID's "True"/"False" strings. */
export function scimBoolean(value: unknown): boolean | undefined {
  if (typeof value === 'boolean') return value
  if (typeof value === 'string' && /^(true|false)$/i.test(value.trim())) return value.trim().toLowerCase() === 'true'
  return undefined
}
