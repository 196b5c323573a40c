import { z } from 'zod'
import type { ErrorCode } from '~/errors'
import {
  ChangeOwnersBodySchema,
  CreateGroupBodySchema,
  GROUP_KINDS,
  GroupIdsBodySchema,
  MEMBER_ROLES,
  SetGroupsActiveBodySchema,
} from '~/services/groups/groups.schemas'
import { MemberListParams, MemberListPayload } from '~/services/members/members.schemas'
import { ContactPayload, NamePayload, SetActivePayload } from '~/services/organizations/organizations.schemas'
import { idParam, itemResultShape, ItemResultsAnswer, operation, OrganizationParams } from '../openapi/operation'
import { DirectoryTokenName } from './scim-tokens.schemas'

/** The administration of an organization (docs/organizations.md): only its admins; anyone else gets 404. */

const TAG = 'Organizations'
/** Not an admin of it (or no such organization): 404; an inactive one refuses changes. */
const ADMIN: ErrorCode[] = ['ORGANIZATION_NOT_FOUND', 'ORGANIZATION_INACTIVE']

/** Organization of spec section 3. */
const organizationShape = {
  _id: z.string(),
  name: z.string(),
  created: z.string(),
  active: z.boolean(),
  contact: z.object({ name: z.string().optional(), email: z.string().optional(), phone: z.string().optional() }).strict(),
  groupCreators: z.array(z.string()).openapi({ description: 'The ids of its group creators.' }),
}
export const OrganizationAnswer = z.object(organizationShape).strict().openapi('Organization')
export const MyOrganizationsAnswer = z.array(
  z
    .object({ ...organizationShape, access: z.enum(['admin', 'groupCreator']) })
    .strict()
    .openapi('MyOrganization'),
)

/** A group of an organization's list (services/groups/groups.server.ts GroupListItem). */
export const GroupListItemAnswer = z
  .object({
    _id: z.string(),
    name: z.string(),
    kind: z.enum(GROUP_KINDS),
    created: z.string(),
    active: z.boolean(),
    owner: z.object({ _id: z.string(), name: z.string(), email: z.string() }).strict(),
    memberCount: z.number().int(),
    latestActivity: z.string().nullable(),
  })
  .strict()
  .openapi('GroupListItem')
export const GroupListAnswer = z.array(GroupListItemAnswer)
export const GroupStatisticsAnswer = z.record(
  z
    .object({
      latestActivity: z
        .string()
        .nullable()
        .openapi({ description: 'The latest change of the group or of its loops (a loop written, edited, commented or approved).' }),
      loops: z.number().int().openapi({ description: "The group's loops." }),
      comments: z.number().int().openapi({ description: 'The comments on its loops.' }),
      members: z.number().int(),
      roles: z
        .object({ owner: z.number().int(), leader: z.number().int(), member: z.number().int(), subscriber: z.number().int() })
        .strict(),
      active: z.boolean(),
    })
    .strict(),
)
// z.union with null: .nullable() of a named schema becomes an allOf no null passes (zod-to-openapi 7, OpenAPI 3.1).
export const OwnerChangeResultsAnswer = z.array(
  z.object({ ...itemResultShape, group: z.union([GroupListItemAnswer, z.null()]), oldOwnerRemoved: z.boolean() }).strict(),
)
/** POST …/end-member-sessions: each member's result, and for SUCCESS how many of their sessions ended. */
export const EndSessionsAnswer = z.array(
  z
    .object({ ...itemResultShape, sessions: z.number().int().min(0).optional().openapi({ example: 2 }) })
    .strict()
    .openapi('EndSessionsResult'),
)
export const CreatedGroupAnswer = z.object({ group: GroupListItemAnswer, membersResults: ItemResultsAnswer }).strict()
/** Organization member of spec section 3 (services/members/member-batches.server.ts ApiMember). */
export const MemberAnswer = z
  .object({
    _id: z.string(),
    name: z.string(),
    email: z.string(),
    created: z.string(),
    lastRequest: z.string().optional(),
    isAdmin: z.boolean(),
    isGroupCreator: z.boolean(),
  })
  .strict()
  .openapi('OrganizationMember')
export const DirectoryTokenAnswer = z
  .object({
    id: z.string(),
    name: z.string(),
    created: z.string(),
    createdBy: z.string().nullable(),
    lastUsed: z.string().nullable(),
    revoked: z.string().nullable(),
    lastErrors: z
      .array(
        z
          .object({
            at: z.string(),
            operation: z.string().openapi({ description: 'The method and the path under /scim/v2, e.g. `PATCH /Users/{id}`.' }),
            status: z.number().int(),
            scimType: z.string().nullable(),
            detail: z.string(),
          })
          .strict(),
      )
      .openapi({ description: "This token's requests among the organization's last SCIM errors, newest first." }),
  })
  .strict()
  .openapi('DirectoryToken')
export const DirectoryTokensAnswer = z.array(DirectoryTokenAnswer)
export const NewDirectoryTokenAnswer = z
  .object({ id: z.string(), name: z.string(), token: z.string().openapi({ description: 'The secret, shown this once.' }) })
  .strict()

const base = '/api/v1/organizations/{organizationId}'

const createGroup = (path: string, summary: string) =>
  operation({
    method: 'post',
    path: `${base}/${path}`,
    tag: TAG,
    summary,
    description:
      "Admins and group creators. The body's organizationId must be the path's; members are ids of the organization's members with a role " +
      `(${MEMBER_ROLES.join(', ')}). One result per member.`,
    access: 'session',
    params: OrganizationParams,
    body: CreateGroupBodySchema,
    ok: { status: 201, schema: CreatedGroupAnswer, description: 'The group and a result per member.' },
    errors: [...ADMIN, 'OWNER_NOT_MEMBER', 'FORBIDDEN'],
  })

const memberList = (path: string, summary: string, results: string) =>
  operation({
    method: 'post',
    path: `${base}/${path}`,
    tag: TAG,
    summary,
    description: `\`{ "members": [ids] }\` (\`{ "memberIds": [ids] }\` or a bare array also taken). One result per member: SUCCESS or ${results}.`,
    access: 'session',
    params: OrganizationParams,
    body: MemberListPayload,
    ok: { status: 200, schema: ItemResultsAnswer, description: 'A result per member.' },
    errors: ADMIN,
  })

export const organizationOperations = [
  operation({
    method: 'get',
    path: '/api/v3/organizations',
    tag: TAG,
    summary: 'Your organizations',
    description: 'The organizations you administer or may create groups in, with your `access`.',
    access: 'session',
    ok: { status: 200, schema: MyOrganizationsAnswer, description: 'The organizations.' },
  }),
  operation({
    method: 'get',
    path: `${base}/groups`,
    tag: TAG,
    summary: "The organization's groups",
    access: 'session',
    params: OrganizationParams,
    ok: { status: 200, schema: GroupListAnswer, description: 'Every group of the organization.' },
    errors: ['ORGANIZATION_NOT_FOUND'],
  }),
  operation({
    method: 'post',
    path: `${base}/groups/statistics`,
    tag: TAG,
    summary: 'Statistics of groups',
    description: 'A list of group ids (a bare array or `{ groupIds }`); ids of other organizations are absent from the answer.',
    access: 'session',
    params: OrganizationParams,
    body: GroupIdsBodySchema,
    ok: { status: 200, schema: GroupStatisticsAnswer, description: 'Statistics by group id.' },
    errors: ['ORGANIZATION_NOT_FOUND'],
  }),
  operation({
    method: 'put',
    path: `${base}/groups/set-active`,
    tag: TAG,
    summary: 'Activate or deactivate groups',
    access: 'session',
    params: OrganizationParams,
    body: SetGroupsActiveBodySchema,
    ok: { status: 200, schema: ItemResultsAnswer, description: 'A result per group: SUCCESS or GROUP_NOT_FOUND.' },
    errors: ADMIN,
  }),
  operation({
    method: 'put',
    path: `${base}/groups/change-owners`,
    tag: TAG,
    summary: 'Change the owners of groups',
    access: 'session',
    params: OrganizationParams,
    body: ChangeOwnersBodySchema,
    ok: { status: 200, schema: OwnerChangeResultsAnswer, description: 'A result per change, with the group after it.' },
    errors: ADMIN,
  }),
  operation({
    method: 'post',
    path: `${base}/delete-groups`,
    tag: TAG,
    summary: 'Delete groups',
    description: 'A list of group ids (a bare array or `{ groupIds }`).',
    access: 'session',
    params: OrganizationParams,
    body: GroupIdsBodySchema,
    ok: { status: 200, schema: ItemResultsAnswer, description: 'A result per group: SUCCESS or GROUP_NOT_FOUND.' },
    errors: ADMIN,
  }),
  createGroup('create-group-with-members', 'Create a group with members'),
  createGroup('create-attendance-group-with-members', 'Create an attendance group with members'),
  operation({
    method: 'get',
    path: `${base}/members`,
    tag: TAG,
    summary: "The organization's members",
    description: 'Every member by name, streamed; with `limit` one page, and X-Next-Cursor (and a Link rel="next") when more follow.',
    access: 'session',
    params: OrganizationParams,
    query: MemberListParams,
    ok: {
      status: 200,
      schema: z.array(MemberAnswer),
      description: 'The members.',
      headers: z.object({ 'X-Next-Cursor': z.string().optional().openapi({ description: 'The cursor of the next page (with limit).' }) }),
    },
    errors: ['ORGANIZATION_NOT_FOUND'],
  }),
  memberList('remove-members', 'Remove members', 'MEMBER_NOT_FOUND, LAST_ADMIN, IS_GROUP_OWNER'),
  memberList('add-group-creators', 'Make members group creators', 'MEMBER_NOT_FOUND, ALREADY_GROUP_CREATOR'),
  memberList('remove-group-creators', 'Take the group creator role from members', 'MEMBER_NOT_FOUND, NOT_GROUP_CREATOR'),
  memberList('add-admins', 'Make members admins of the organization', 'MEMBER_NOT_FOUND, ALREADY_ORGANIZATION_ADMIN'),
  memberList(
    'remove-admins',
    'Take the admin role from members (they stay members; never the last admin)',
    'MEMBER_NOT_FOUND, NOT_ORGANIZATION_ADMIN, LAST_ADMIN',
  ),
  operation({
    method: 'post',
    path: `${base}/end-member-sessions`,
    tag: TAG,
    summary: "End members' sessions",
    description:
      'Signs the members out everywhere: every session of each ends, and their next request needs a new sign-in. `{ "members": [ids] }` (`{ "memberIds": [ids] }` or a bare array also taken). One result per member: SUCCESS with `sessions` (how many ended), or MEMBER_NOT_FOUND. Audited as `members.endSessions`.',
    access: 'session',
    params: OrganizationParams,
    body: MemberListPayload,
    ok: { status: 200, schema: EndSessionsAnswer, description: 'A result per member.' },
    errors: ADMIN,
  }),
  operation({
    method: 'put',
    path: `${base}/active`,
    tag: TAG,
    summary: 'Activate or deactivate the organization',
    access: 'session',
    params: OrganizationParams,
    body: SetActivePayload,
    ok: { status: 200, schema: OrganizationAnswer, description: 'The organization as saved.' },
    errors: ['ORGANIZATION_NOT_FOUND'],
  }),
  operation({
    method: 'put',
    path: `${base}/contact`,
    tag: TAG,
    summary: "Replace the organization's contact",
    access: 'session',
    params: OrganizationParams,
    body: ContactPayload,
    ok: { status: 200, schema: OrganizationAnswer, description: 'The organization as saved.' },
    errors: ADMIN,
  }),
  operation({
    method: 'put',
    path: `${base}/name`,
    tag: TAG,
    summary: 'Rename the organization',
    access: 'session',
    params: OrganizationParams,
    body: NamePayload,
    ok: { status: 200, schema: OrganizationAnswer, description: 'The organization as saved.' },
    errors: ADMIN,
  }),
  operation({
    method: 'get',
    path: `${base}/scim-tokens`,
    tag: TAG,
    summary: 'The directory (SCIM) tokens',
    description: 'Without their secrets (docs/directory-sync.md).',
    access: 'session',
    params: OrganizationParams,
    ok: { status: 200, schema: DirectoryTokensAnswer, description: 'The tokens.' },
    errors: ['ORGANIZATION_NOT_FOUND'],
  }),
  operation({
    method: 'post',
    path: `${base}/scim-tokens`,
    tag: TAG,
    summary: 'Create a directory (SCIM) token',
    access: 'session',
    params: OrganizationParams,
    body: DirectoryTokenName,
    ok: { status: 201, schema: NewDirectoryTokenAnswer, description: 'The token with its secret, shown this once.' },
    errors: ADMIN,
  }),
  operation({
    method: 'delete',
    path: `${base}/scim-tokens/{tokenId}`,
    tag: TAG,
    summary: 'Revoke a directory (SCIM) token',
    access: 'session',
    params: OrganizationParams.extend({ tokenId: idParam('The token.') }),
    ok: { status: 204, schema: null, description: 'Revoked.' },
    errors: [...ADMIN, 'NOT_FOUND'],
  }),
]
