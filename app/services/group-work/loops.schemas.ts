import { z } from 'zod'
import { LOOP_TAGS_MAX, LOOP_TEXT_MAX } from '~/utils/group-work-limits'
import { MAX_ID_LENGTH } from '../bulk.schemas'

/**
 * Schemas of a loop (docs/group-work.md "Loops"): the loop form of the screens and the JSON API's
 * body. Shared by server and browser; messages are translation keys.
 */

const textField = z
  .string({ required_error: 'validation.required', invalid_type_error: 'validation.required' })
  .trim()
  .min(1, 'validation.required')
  .max(LOOP_TEXT_MAX, 'loops.form.textTooLong')

const emotionField = z.coerce
  .number({ required_error: 'loops.form.emotionRequired', invalid_type_error: 'loops.form.emotionRequired' })
  .int('loops.form.emotionRequired')
  .min(1, 'loops.form.emotionRequired')
  .max(5, 'loops.form.emotionRequired')

const idField = z.string().trim().min(1).max(MAX_ID_LENGTH)
const tagsField = z.array(idField).max(LOOP_TAGS_MAX, 'validation.tooLong')

/** What a loop is made of, as the services take it (task null: a free loop). */
export interface LoopInput {
  taskId: string | null
  text: string
  emotion: number
  tags: string[]
}

/** The loop form: `task` is a task's id or FREE_LOOP; tags are the ticked checkboxes. */
export const LoopFormSchema = z.object({
  task: z.string({ required_error: 'loops.form.taskRequired' }).trim().min(1, 'loops.form.taskRequired').max(MAX_ID_LENGTH),
  text: textField,
  emotion: emotionField,
  tags: tagsField.default([]),
})

/** The edit form: the task stays; text, emotion and tags change, and photos may be removed. */
export const LoopEditFormSchema = z.object({
  text: textField,
  emotion: emotionField,
  tags: tagsField.default([]),
  removePhoto: z.array(idField).max(10).default([]),
})

/** POST /api/v3/groups/{groupId}/loops. */
export const LoopCreateBodySchema = z
  .object({
    taskId: idField.nullable().optional(),
    text: textField,
    emotion: z.number({ required_error: 'loops.form.emotionRequired' }).int().min(1).max(5),
    tags: tagsField.default([]),
  })
  .strict()

/** PATCH /api/v3/groups/{groupId}/loops/{loopId}: the fields to change. */
export const LoopPatchBodySchema = z
  .object({
    text: textField.optional(),
    emotion: z.number().int().min(1).max(5).optional(),
    tags: tagsField.optional(),
  })
  .strict()

/** The list's filters (query parameters of the Loops tab and the API). */
export const LoopListQuerySchema = z.object({
  task: z.string().trim().max(MAX_ID_LENGTH).optional(),
  member: z.string().trim().max(MAX_ID_LENGTH).optional(),
  /** Part of a member's name (the filter of a group too large for a list of members). */
  who: z.string().trim().max(100).optional(),
  tag: z.string().trim().max(MAX_ID_LENGTH).optional(),
  cursor: z.string().trim().max(200).optional(),
})
export type LoopListQuery = z.infer<typeof LoopListQuerySchema>
