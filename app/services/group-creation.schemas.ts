import { z } from 'zod'
import { MAX_ID_LENGTH } from './bulk.schemas'
import { CreateGroupFormSchema, groupNameField } from './groups.schemas'

/**
 * The form of /create/group and /create/attendance-group: the organization (one of those where
 * the user may create groups), an optional name (a default one otherwise), the owner's email and
 * the members as lines of "email, role" (the same lines as the organization's groups screen,
 * groups.schemas.ts parseMemberLines; the picker writes them with JavaScript). The kind comes
 * from the URL.
 */
export const CreateGroupScreenSchema = CreateGroupFormSchema.omit({ intent: true, kind: true, name: true }).extend({
  intent: z.literal('create'),
  organizationId: z.string({ required_error: 'validation.required' }).trim().min(1, 'validation.required').max(MAX_ID_LENGTH),
  name: groupNameField.optional(),
})

/** GET /create/members: the picker's search. */
export const MemberSearchSchema = z.object({
  organizationId: z.string().trim().min(1).max(MAX_ID_LENGTH),
  q: z.string().trim().max(200).default(''),
})
