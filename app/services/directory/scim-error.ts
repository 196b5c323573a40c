/**
 * SCIM errors (RFC 7644 §3.12): an HTTP status, an optional `scimType` and a detail in English
 * (the directory's administrator reads it in their provisioning log). The routes answer it as
 * `{ schemas: [ERROR], status, scimType, detail }`.
 */
export type ScimType =
  | 'uniqueness'
  | 'invalidFilter'
  | 'invalidValue'
  | 'invalidPath'
  | 'noTarget'
  | 'tooMany'
  | 'mutability'
  | 'invalidSyntax'
  | 'invalidVers'
  | 'sensitive'

export const SCIM_ERROR_SCHEMA = 'urn:ietf:params:scim:api:messages:2.0:Error'

export class ScimError extends Error {
  constructor(
    readonly status: number,
    readonly detail: string,
    readonly scimType?: ScimType,
  ) {
    super(detail)
    this.name = 'ScimError'
  }

  toJSON() {
    return {
      schemas: [SCIM_ERROR_SCHEMA],
      status: String(this.status),
      ...(this.scimType ? { scimType: this.scimType } : {}),
      detail: this.detail,
    }
  }
}

export const notFound = (what: string, id: string) => new ScimError(404, `${what} ${id} not found`)
export const invalidValue = (detail: string) => new ScimError(400, detail, 'invalidValue')
export const invalidPath = (path: string) => new ScimError(400, `Unknown or unsupported attribute path: ${path}`, 'invalidPath')
