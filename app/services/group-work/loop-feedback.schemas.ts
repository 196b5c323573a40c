import { z } from 'zod'
import { COMMENT_MAX_LENGTH, FOLLOWS_MAX } from '~/utils/group-work-limits'
import { MAX_ID_LENGTH } from '../bulk.schemas'

/**
 * Schemas of a loop's feedback and of whom a subscriber follows (docs/group-work.md "Feedback",
 * "Follows"). Shared by the services, the forms and the API; messages are translation keys.
 */

export const commentTextField = z
  .string({ required_error: 'validation.required', invalid_type_error: 'validation.required' })
  .trim()
  .min(1, 'validation.required')
  .max(COMMENT_MAX_LENGTH, 'loopFeedback.comment.tooLong')

/** A comment (the form and the API): its text. */
export const CommentSchema = z.object({ text: commentTextField })

/** The approval form: approve (1) or take it back (0). */
export const ApprovalFormSchema = z.object({ approved: z.enum(['0', '1']).transform((v) => v === '1') })

const memberIdField = z.string().trim().min(1).max(MAX_ID_LENGTH)

/** Whom a subscriber follows (the API's `{ members }`). */
export const FollowsSchema = z.object({ members: z.array(memberIdField).max(FOLLOWS_MAX) })

/** The members list's follow form: the subscriber and the checked members. */
export const FollowsFormSchema = z.object({
  subscriberId: memberIdField,
  members: z.array(memberIdField).max(FOLLOWS_MAX).default([]),
})
