import { z } from 'zod'
import { MAX_ID_LENGTH } from '../bulk.schemas'
import { MEMBER_ROLES, type MemberRole, memberRoleField } from './groups.constants'
import { groupNameField } from './groups.schemas'

const idField = z
  .string({ required_error: 'validation.required' })
  .trim()
  .min(1, 'validation.required')
  .max(MAX_ID_LENGTH, 'validation.tooLong')

/**
 * The most members one create form adds: a member and their role are two fields, and a form
 * posts at most MAX_FORM_FIELDS (1000, utils/form-body.server.ts). More are invited afterwards.
 */
export const MAX_CHOSEN_MEMBERS = 450

/**
 * The form of /create/group and /create/attendance-group: the organization (one of those where
 * the user may create groups), an optional name (a default one otherwise), the owner and the
 * members chosen with the people picker (user ids), and each member's role as `role-<id>`
 * (member when left out, memberRolesOf). The kind comes from the URL.
 */
export const CreateGroupScreenSchema = z.object({
  intent: z.literal('create'),
  organizationId: idField,
  name: groupNameField.optional(),
  ownerId: z.string({ required_error: 'createGroup.ownerRequired' }).trim().min(1, 'createGroup.ownerRequired').max(MAX_ID_LENGTH),
  memberIds: z.array(idField).max(MAX_CHOSEN_MEMBERS, 'groups.validation.tooManyMembers').default([]),
})

export { memberRoleField } from './groups.constants'

/** Each chosen member with the role chosen beside them (member when none or an unknown one was sent). */
export function memberRolesOf(form: FormData, memberIds: string[]): Record<string, MemberRole> {
  return Object.fromEntries(
    memberIds.map((id) => {
      const role = form.get(memberRoleField(id))
      return [id, (MEMBER_ROLES as readonly unknown[]).includes(role) ? (role as MemberRole) : 'member']
    }),
  )
}
