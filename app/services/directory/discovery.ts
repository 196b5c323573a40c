import { ENTERPRISE_USER_SCHEMA, GROUP_SCHEMA, MAX_PAGE_SIZE, USER_SCHEMA } from './scim-context'

/**
 * The discovery resources (RFC 7644 §4, RFC 7643 §5–7): what this service provider supports,
 * its resource types and the schemas of the attributes it keeps.
 */

const meta = (baseUrl: string, resourceType: string, path: string) => ({ resourceType, location: `${baseUrl}/${path}` })

export function serviceProviderConfig(baseUrl: string, maxPayloadSize: number) {
  return {
    schemas: ['urn:ietf:params:scim:schemas:core:2.0:ServiceProviderConfig'],
    documentationUri: `${baseUrl.replace(/\/scim\/v2$/, '')}/docs/directory-sync`,
    patch: { supported: true },
    bulk: { supported: false, maxOperations: 0, maxPayloadSize },
    filter: { supported: true, maxResults: MAX_PAGE_SIZE },
    changePassword: { supported: false },
    sort: { supported: false },
    etag: { supported: false },
    authenticationSchemes: [
      {
        type: 'oauthbearertoken',
        name: 'Bearer token',
        description: 'A directory token made by an admin of the organization (Authorization: Bearer scim_…)',
        primary: true,
      },
    ],
    meta: meta(baseUrl, 'ServiceProviderConfig', 'ServiceProviderConfig'),
  }
}

const RESOURCE_TYPES = [
  {
    id: 'User',
    name: 'User',
    endpoint: '/Users',
    schema: USER_SCHEMA,
    schemaExtensions: [{ schema: ENTERPRISE_USER_SCHEMA, required: false }],
  },
  { id: 'Group', name: 'Group', endpoint: '/Groups', schema: GROUP_SCHEMA, schemaExtensions: [] },
]

export function resourceTypes(baseUrl: string) {
  return RESOURCE_TYPES.map((r) => ({
    schemas: ['urn:ietf:params:scim:schemas:core:2.0:ResourceType'],
    ...r,
    meta: meta(baseUrl, 'ResourceType', `ResourceTypes/${r.id}`),
  }))
}

const attr = (name: string, extra: Record<string, unknown> = {}) => ({
  name,
  type: 'string',
  multiValued: false,
  required: false,
  caseExact: false,
  mutability: 'readWrite',
  returned: 'default',
  uniqueness: 'none',
  ...extra,
})

const SCHEMAS = [
  {
    id: USER_SCHEMA,
    name: 'User',
    description: 'A person of the organization',
    attributes: [
      attr('userName', { required: true, uniqueness: 'server', description: 'The email address (case-insensitive)' }),
      attr('externalId', { caseExact: true }),
      attr('name', {
        type: 'complex',
        subAttributes: [attr('givenName'), attr('familyName'), attr('formatted', { mutability: 'readOnly' })],
      }),
      attr('displayName'),
      attr('active', { type: 'boolean' }),
      attr('emails', {
        type: 'complex',
        multiValued: true,
        subAttributes: [attr('value'), attr('type'), attr('primary', { type: 'boolean' })],
      }),
    ],
  },
  {
    id: GROUP_SCHEMA,
    name: 'Group',
    description: 'A group the directory created in the organization',
    attributes: [
      attr('displayName', { required: true }),
      attr('externalId', { caseExact: true }),
      attr('members', {
        type: 'complex',
        multiValued: true,
        subAttributes: [
          attr('value', { mutability: 'immutable' }),
          attr('display', { mutability: 'readOnly' }),
          attr('$ref', { type: 'reference', referenceTypes: ['User'], mutability: 'immutable' }),
        ],
      }),
    ],
  },
]

export function schemas(baseUrl: string) {
  return SCHEMAS.map((s) => ({
    schemas: ['urn:ietf:params:scim:schemas:core:2.0:Schema'],
    ...s,
    meta: meta(baseUrl, 'Schema', `Schemas/${s.id}`),
  }))
}
