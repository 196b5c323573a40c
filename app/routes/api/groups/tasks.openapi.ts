import { z } from 'zod'
import { TASK_DESCRIPTION_MAX, TASK_ROLES, TASK_TITLE_MAX } from '~/utils/group-work-limits'
import { TAG_DESCRIPTION_MAX, TAG_NAME_MAX } from '~/utils/group-work-limits'
import { EmptyAnswer, idParam, operation } from '../openapi/operation'

/** A group's tasks and tags (docs/group-work.md#tasks, #tags; docs/group-roles.md). */

const TAG = 'Group work'

const moment = z.string().datetime({ offset: true }).max(40)
const ISO = 'ISO 8601 (stored in UTC).'

/** A task as the API answers it (routes/api/groups/task-answers.server.ts). */
export const TaskAnswer = z
  .object({
    _id: z.string(),
    title: z.string(),
    description: z.string(),
    roles: z.array(z.enum(['owner', ...TASK_ROLES])).openapi({ description: 'The group roles the task is for, e.g. `["member"]`.' }),
    published: z.boolean().openapi({ description: 'Whether members of its roles see it now.' }),
    publishAt: z
      .string()
      .nullable()
      .openapi({ description: `When it is (or was) published, ${ISO} null for a draft.` }),
    dueAt: z
      .string()
      .nullable()
      .openapi({ description: `Its due time, ${ISO}` }),
    order: z.number().int().openapi({ description: "Its place in the group's order, 0 first." }),
  })
  .strict()
  .openapi('GroupTask')
export const TasksAnswer = z.array(TaskAnswer)

const taskFields = {
  title: z.string().trim().min(1).max(TASK_TITLE_MAX),
  description: z.string().trim().max(TASK_DESCRIPTION_MAX),
  roles: z
    .array(z.enum(TASK_ROLES))
    .min(1)
    .max(TASK_ROLES.length)
    .openapi({ description: 'The group roles the task is for (leader, member, subscriber).' }),
  published: z.boolean().openapi({ description: 'true: published now (or at `publishAt`); false: a draft.' }),
  publishAt: moment.nullable().openapi({ description: `Publish at this time (${ISO}); null: a draft.` }),
  dueAt: moment.nullable().openapi({ description: `The due time, ${ISO} null for none.` }),
}

export const NewTaskBody = z
  .object({
    title: taskFields.title,
    description: taskFields.description.optional(),
    roles: taskFields.roles.optional().openapi({ description: 'Default `["member"]`.' }),
    published: taskFields.published.optional().openapi({ description: 'Default false (a draft).' }),
    publishAt: taskFields.publishAt.optional(),
    dueAt: taskFields.dueAt.optional(),
  })
  .strict()
  .openapi('NewGroupTask')

export const TaskChangeBody = z
  .object({
    title: taskFields.title.optional(),
    description: taskFields.description.optional(),
    roles: taskFields.roles.optional(),
    published: taskFields.published.optional(),
    publishAt: taskFields.publishAt.optional(),
    dueAt: taskFields.dueAt.optional(),
    order: z.number().int().min(0).max(100_000).optional().openapi({ description: 'Move it to this place, 0 first.' }),
  })
  .strict()
  .openapi('GroupTaskChange')

export const TagAnswer = z.object({ _id: z.string(), name: z.string(), description: z.string() }).strict().openapi('GroupTag')
export const TagsAnswer = z.array(TagAnswer)

export const NewTagBody = z
  .object({ name: z.string().trim().min(1).max(TAG_NAME_MAX), description: z.string().trim().max(TAG_DESCRIPTION_MAX).optional() })
  .strict()
  .openapi('NewGroupTag')
export const TagChangeBody = NewTagBody.partial().strict().openapi('GroupTagChange')

const groupParams = z.object({ groupId: idParam('The group.') })
const taskParams = groupParams.extend({ taskId: idParam('The task.') })
const tagParams = groupParams.extend({ tagId: idParam('The tag.') })

const READ: ['GROUP_NOT_FOUND'] = ['GROUP_NOT_FOUND']
const CHANGE = ['GROUP_NOT_FOUND', 'FORBIDDEN', 'ORGANIZATION_INACTIVE'] as const

export const taskOperations = [
  operation({
    method: 'get',
    path: '/api/v3/groups/{groupId}/tasks',
    tag: TAG,
    summary: "The group's tasks",
    description:
      "A member gets the published tasks of their role, in the group's order; its owner and leaders (and an admin of its organization) every task, drafts too.",
    access: 'session',
    params: groupParams,
    ok: { status: 200, schema: TasksAnswer, description: 'The tasks, in order.' },
    errors: READ,
  }),
  operation({
    method: 'post',
    path: '/api/v3/groups/{groupId}/tasks',
    tag: TAG,
    summary: 'Add a task',
    description: 'At the end of the order. Owners and leaders of an active group only (403 FORBIDDEN for others who see it).',
    access: 'session',
    params: groupParams,
    body: NewTaskBody,
    ok: { status: 201, schema: TaskAnswer, description: 'The new task.' },
    errors: [...CHANGE],
  }),
  operation({
    method: 'patch',
    path: '/api/v3/groups/{groupId}/tasks/{taskId}',
    tag: TAG,
    summary: 'Change a task',
    description: 'Any of its fields, its publication (`published`, `publishAt`) and its place (`order`).',
    access: 'session',
    params: taskParams,
    body: TaskChangeBody,
    ok: { status: 200, schema: TaskAnswer, description: 'The task as changed.' },
    errors: [...CHANGE],
  }),
  operation({
    method: 'delete',
    path: '/api/v3/groups/{groupId}/tasks/{taskId}',
    tag: TAG,
    summary: 'Delete a task',
    description: 'The loops on it stay, as free loops.',
    access: 'session',
    params: taskParams,
    ok: { status: 200, schema: EmptyAnswer, description: 'Deleted.' },
    errors: [...CHANGE],
  }),
  operation({
    method: 'get',
    path: '/api/v3/groups/{groupId}/tags',
    tag: TAG,
    summary: "The group's tags",
    description: 'In Swedish name order. Everyone who sees the group.',
    access: 'session',
    params: groupParams,
    ok: { status: 200, schema: TagsAnswer, description: 'The tags.' },
    errors: READ,
  }),
  operation({
    method: 'post',
    path: '/api/v3/groups/{groupId}/tags',
    tag: TAG,
    summary: 'Add a tag',
    description: 'At most 50 per group (409 TAG_LIMIT_REACHED); one of a name whatever its case (409 TAG_NAME_TAKEN).',
    access: 'session',
    params: groupParams,
    body: NewTagBody,
    ok: { status: 201, schema: TagAnswer, description: 'The new tag.' },
    errors: [...CHANGE, 'TAG_LIMIT_REACHED', 'TAG_NAME_TAKEN'],
  }),
  operation({
    method: 'patch',
    path: '/api/v3/groups/{groupId}/tags/{tagId}',
    tag: TAG,
    summary: 'Rename a tag',
    description: 'It stays on its loops.',
    access: 'session',
    params: tagParams,
    body: TagChangeBody,
    ok: { status: 200, schema: TagAnswer, description: 'The tag as changed.' },
    errors: [...CHANGE, 'TAG_NAME_TAKEN'],
  }),
  operation({
    method: 'delete',
    path: '/api/v3/groups/{groupId}/tags/{tagId}',
    tag: TAG,
    summary: 'Delete a tag',
    description: 'It is taken off every loop that carries it; the loops stay.',
    access: 'session',
    params: tagParams,
    ok: { status: 200, schema: EmptyAnswer, description: 'Deleted.' },
    errors: [...CHANGE],
  }),
]
