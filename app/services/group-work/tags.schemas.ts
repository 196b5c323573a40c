import { z } from 'zod'
import { TAG_DESCRIPTION_MAX, TAG_NAME_MAX } from '~/utils/group-work-limits'
import { MAX_ID_LENGTH } from '../bulk.schemas'

/**
 * Schemas of a group's tags (docs/group-work.md#tags): the service's input, the screen's forms and
 * the API's bodies. Shared by server and browser; messages are translation keys.
 */

const nameField = z
  .string({ required_error: 'validation.required', invalid_type_error: 'validation.required' })
  .trim()
  .min(1, 'validation.required')
  .max(TAG_NAME_MAX, 'validation.tooLong')
const descriptionField = z.string({ invalid_type_error: 'validation.required' }).trim().max(TAG_DESCRIPTION_MAX, 'validation.tooLong')

export const TagInputSchema = z.object({ name: nameField, description: descriptionField.default('') })
export type TagInput = z.input<typeof TagInputSchema>

export const TagPatchSchema = TagInputSchema.partial()
export type TagPatch = z.input<typeof TagPatchSchema>

const tagIdField = z.string({ required_error: 'validation.required' }).trim().min(1, 'validation.required').max(MAX_ID_LENGTH)

/** The add form of the Tags screen. */
export const TagFormSchema = z.object({ name: nameField, description: descriptionField.optional().transform((v) => v ?? '') })

/** The inline edit (rename) form of a tag. */
export const EditTagFormSchema = TagFormSchema.extend({ tagId: tagIdField })

/** Delete a tag; confirmed=1 once asked. */
export const DeleteTagFormSchema = z.object({ tagId: tagIdField, confirmed: z.literal('1').optional() })
