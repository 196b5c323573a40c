import { z } from 'zod'
import { MAX_ID_LENGTH } from '../bulk.schemas'
import { groupNameField, MEMBER_ROLES } from './groups.schemas'

/**
 * Schemas of the user's own groups: the `/groups` list's sorts and the forms of a group's home
 * (`/groups/:groupId/home`). Shared by server and browser; messages are translation keys.
 */

export { MY_GROUP_SORTS, GROUP_MEMBER_SORTS } from './groups.constants'
export type { MyGroupSort, GroupMemberSort } from './groups.constants'

const memberIdField = z.string({ required_error: 'validation.required' }).trim().min(1, 'validation.required').max(MAX_ID_LENGTH)

/**
 * Invite someone to the group: a person of the organization chosen with the people picker
 * (`userId`), anyone by email, or a new open code (the organization screen's form for the last two).
 */
export const GroupInviteFormSchema = z
  .object({
    type: z.enum(['person', 'email', 'open'], { errorMap: () => ({ message: 'validation.required' }) }),
    userId: z.string().trim().max(MAX_ID_LENGTH).optional(),
    email: z.string().trim().max(254, 'validation.tooLong').optional(),
  })
  .superRefine((value, ctx) => {
    if (value.type === 'person' && !value.userId)
      ctx.addIssue({ code: 'custom', path: ['userId'], message: 'groupHome.invite.choosePerson' })
    if (value.type !== 'email') return
    if (!value.email) ctx.addIssue({ code: 'custom', path: ['email'], message: 'validation.required' })
    else if (!z.string().email().safeParse(value.email).success)
      ctx.addIssue({ code: 'custom', path: ['email'], message: 'validation.email' })
  })
  .transform((value) =>
    value.type === 'person'
      ? { type: 'person' as const, userId: value.userId! }
      : value.type === 'email'
        ? { type: 'email' as const, email: value.email!.toLowerCase() }
        : { type: 'open' as const },
  )

/** Change a member's role (never to or from owner: that is the hand-over). */
export const ChangeRoleFormSchema = z.object({
  userId: memberIdField,
  role: z.enum(MEMBER_ROLES, { errorMap: () => ({ message: 'validation.required' }) }),
})

/** Remove a member (not the owner); confirmed=1 once asked. */
export const RemoveMemberFormSchema = z.object({ userId: memberIdField, confirmed: z.literal('1').optional() })

/** Leave the group (the actor, not its owner); confirmed=1 once asked. */
export const LeaveGroupFormSchema = z.object({ confirmed: z.literal('1').optional() })

/** Leave a group from the list of one's groups (/groups): which group; confirmed=1 once asked. */
export const LeaveListedGroupFormSchema = LeaveGroupFormSchema.extend({ groupId: memberIdField })

export const RenameGroupFormSchema = z.object({ name: groupNameField })

export const SetGroupActiveFormSchema = z.object({ active: z.enum(['0', '1']).transform((v) => v === '1') })

/** Hand the group over to another member; the old owner stays as `oldOwnerRole`. */
export const HandOverFormSchema = z.object({
  userId: memberIdField,
  oldOwnerRole: z.enum(MEMBER_ROLES).default('leader'),
  confirmed: z.literal('1').optional(),
})
