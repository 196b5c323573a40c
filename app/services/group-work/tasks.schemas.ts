import { z } from 'zod'
import { PUBLISH_CHOICES, TASK_DESCRIPTION_MAX, TASK_ROLES, TASK_TITLE_MAX } from '~/utils/group-work-limits'
import { MAX_ID_LENGTH } from '../bulk.schemas'

/**
 * Schemas of a group's tasks (docs/group-work.md#tasks): the service's input, the screen's forms
 * and the API's bodies. Shared by server and browser; messages are translation keys.
 */

const titleField = z
  .string({ required_error: 'validation.required', invalid_type_error: 'validation.required' })
  .trim()
  .min(1, 'validation.required')
  .max(TASK_TITLE_MAX, 'validation.tooLong')
const descriptionField = z.string({ invalid_type_error: 'validation.required' }).trim().max(TASK_DESCRIPTION_MAX, 'validation.tooLong')
const rolesField = z
  .array(z.enum(TASK_ROLES, { errorMap: () => ({ message: 'groupTasks.form.rolesRequired' }) }), {
    invalid_type_error: 'groupTasks.form.rolesRequired',
  })
  .min(1, 'groupTasks.form.rolesRequired')
  .max(TASK_ROLES.length, 'groupTasks.form.rolesRequired')
  .transform((roles) => [...new Set(roles)])
/** A moment as ISO 8601 (with its offset or Z); stored in UTC. */
const momentField = z
  .string({ invalid_type_error: 'groupTasks.form.dateInvalid' })
  .max(40, 'groupTasks.form.dateInvalid')
  .datetime({ offset: true, message: 'groupTasks.form.dateInvalid' })
  .transform((value) => new Date(value).toISOString())

/**
 * A task as the service takes it: `publishAt` null is a draft, a time is "published from then"
 * (now or later); `dueAt` is optional.
 */
export const TaskInputSchema = z.object({
  title: titleField,
  description: descriptionField.default(''),
  roles: rolesField,
  publishAt: momentField.nullable().default(null),
  dueAt: momentField.nullable().default(null),
})
export type TaskInput = z.input<typeof TaskInputSchema>

/** A change of a task: any of its fields, and its place in the group's order (0 is first). */
export const TaskPatchSchema = TaskInputSchema.partial().extend({
  order: z
    .number({ invalid_type_error: 'groupTasks.form.orderInvalid' })
    .int('groupTasks.form.orderInvalid')
    .min(0)
    .max(100_000)
    .optional(),
})
export type TaskPatch = z.input<typeof TaskPatchSchema>

const dayField = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'groupTasks.form.dateInvalid')
  .refine((day) => !Number.isNaN(Date.parse(`${day}T00:00:00Z`)), 'groupTasks.form.dateInvalid')
const localMomentField = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/, 'groupTasks.form.dateInvalid')
  .refine((value) => !Number.isNaN(Date.parse(`${value}:00Z`)), 'groupTasks.form.dateInvalid')

/**
 * The add and edit forms of the Tasks screen: the due date is a day and "publish at" a local time,
 * both in the user's time zone (the handler turns them into moments).
 */
export const TaskFormSchema = z
  .object({
    taskId: z.string().trim().max(MAX_ID_LENGTH).optional(),
    title: titleField,
    description: descriptionField.optional().transform((v) => v ?? ''),
    roles: rolesField,
    due: dayField.optional(),
    publish: z.enum(PUBLISH_CHOICES, { errorMap: () => ({ message: 'validation.required' }) }).default('draft'),
    publishAt: localMomentField.optional(),
  })
  .superRefine((value, ctx) => {
    if (value.publish === 'at' && !value.publishAt)
      ctx.addIssue({ code: 'custom', path: ['publishAt'], message: 'groupTasks.form.publishAtRequired' })
  })

const taskIdField = z.string({ required_error: 'validation.required' }).trim().min(1, 'validation.required').max(MAX_ID_LENGTH)

/** Move a task one step up or down in the group's order. */
export const MoveTaskFormSchema = z.object({ taskId: taskIdField, direction: z.enum(['up', 'down']) })

/** Publish a task now, at a local time, or take it back to a draft. */
export const PublishTaskFormSchema = z
  .object({ taskId: taskIdField, publish: z.enum(PUBLISH_CHOICES), publishAt: localMomentField.optional() })
  .superRefine((value, ctx) => {
    if (value.publish === 'at' && !value.publishAt)
      ctx.addIssue({ code: 'custom', path: ['publishAt'], message: 'groupTasks.form.publishAtRequired' })
  })

/** Delete a task; confirmed=1 once asked. */
export const DeleteTaskFormSchema = z.object({ taskId: taskIdField, confirmed: z.literal('1').optional() })

/** Publish every draft of the group. */
export const PublishAllFormSchema = z.object({ confirmed: z.literal('1').optional() })
