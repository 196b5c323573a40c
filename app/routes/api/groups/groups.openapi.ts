import { z } from 'zod'
import { MEMBER_ROLES } from '~/services/groups/groups.schemas'
import { idParam, operation } from '../openapi/operation'

/** The signed-in user's own groups (docs/groups.md, docs/group-roles.md). */

const TAG = 'Groups'

const populateName = z.enum(['parent_org_', 'owner'])

/** A group of GET /api/v3/groups (services/groups/my-groups.server.ts ApiGroup). */
export const MyGroupAnswer = z
  .object({
    _id: z.string(),
    name: z.string(),
    created: z.string(),
    active: z.boolean(),
    owner: z.union([z.string(), z.object({ _id: z.string(), name: z.string(), email: z.string().optional() }).strict()]),
    parent_org_: z.union([z.string(), z.object({ _id: z.string(), name: z.string(), active: z.boolean() }).strict()]),
    members_: z.array(z.object({ user: z.string() }).strict()).openapi({ description: 'The first members.' }),
    memberCount: z.number().int(),
    my_role: z
      .object({
        name: z.enum([...MEMBER_ROLES, 'owner']),
        isOwner: z.boolean(),
        isSubscriber: z.boolean(),
        permissions: z
          .object({
            'reports.view_others': z.boolean(),
            'reports.send': z.boolean(),
            'tasks.create': z.boolean(),
            'tasks.edit': z.boolean(),
          })
          .strict(),
      })
      .strict(),
  })
  .strict()
  .openapi('MyGroup')

export const MyGroupsAnswer = z.array(MyGroupAnswer)
export const LeftGroupAnswer = z.object({ groupName: z.string() }).strict()

export const groupOperations = [
  operation({
    method: 'get',
    path: '/api/v3/groups',
    tag: TAG,
    summary: 'Your groups',
    description:
      '`owner` and `parent_org_` are ids unless populated: `populate[0]=parent_org_&populate[1]=owner` (or `populate=owner,parent_org_`).',
    access: 'session',
    query: z.object({
      'populate[0]': populateName.optional(),
      'populate[1]': populateName.optional(),
    }),
    ok: { status: 200, schema: MyGroupsAnswer, description: 'The groups you are a member of.' },
  }),
  operation({
    method: 'post',
    path: '/api/v3/groups/{groupId}/leave',
    tag: TAG,
    summary: 'Leave a group',
    description:
      'Its owner hands it over first (409 GROUP_OWNER_CANNOT_LEAVE); an admin of its organization who is not a member gets 404 MEMBER_NOT_FOUND (403 STRONG_AUTH_REQUIRED first if its two-step policy holds them back).',
    access: 'session',
    params: z.object({ groupId: idParam('The group.') }),
    ok: { status: 200, schema: LeftGroupAnswer, description: 'Left.' },
    errors: ['GROUP_NOT_FOUND', 'MEMBER_NOT_FOUND', 'GROUP_OWNER_CANNOT_LEAVE', 'STRONG_AUTH_REQUIRED'],
  }),
]
