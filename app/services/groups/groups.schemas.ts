import { z } from 'zod'
import { bulkSelectionFields, MAX_BULK_ITEMS, MAX_ID_LENGTH, MAX_OWNER_CHANGES } from '../bulk.schemas'
import { GROUP_NAME_MAX, MEMBER_ROLES, OLD_OWNER_ROLES, type MemberRole } from './groups.constants'

/**
 * Schemas of the groups of an organization: the JSON payloads of spec section 7 and the forms of
 * the groups screen. Shared by server and browser; messages are translation keys.
 */

export {
  GROUP_KINDS,
  GROUP_SORTS,
  MEMBER_ROLES,
  OLD_OWNER_ROLES,
  type GroupSort,
  type MemberRole,
  type OldOwnerRole,
} from './groups.constants'

const idField = z.string().trim().min(1, 'validation.required').max(MAX_ID_LENGTH, 'validation.tooLong')
const idList = z.array(idField).max(MAX_BULK_ITEMS, 'validation.tooLong')
export const groupNameField = z
  .string({ required_error: 'validation.required' })
  .trim()
  .min(1, 'validation.required')
  .max(GROUP_NAME_MAX, 'validation.tooLong')

// ---------- JSON API (spec section 7) ----------

/** POST …/groups/statistics and …/delete-groups: a bare list of group ids, or { groupIds }. */
export const GroupIdsBodySchema = z
  .union([idList, z.object({ groupIds: idList })])
  .transform((body) => (Array.isArray(body) ? body : body.groupIds))

/** PUT …/groups/set-active */
export const SetGroupsActiveBodySchema = z.object({ groupIds: idList, active: z.boolean() })

/** PUT …/groups/change-owners */
export const ChangeOwnersBodySchema = z.object({
  changeList: z
    .array(z.object({ groupId: idField, newOwnerId: idField, oldOwnerRole: z.enum(OLD_OWNER_ROLES) }))
    .max(MAX_OWNER_CHANGES, 'validation.tooLong'),
})
export type OwnerChange = z.infer<typeof ChangeOwnersBodySchema>['changeList'][number]

/** POST …/create-group-with-members and …/create-attendance-group-with-members */
export const CreateGroupBodySchema = z.object({
  /** Not in the specification's payload: an optional extra (a default name otherwise). */
  name: groupNameField.optional(),
  organizationId: idField,
  groupOwnerId: idField,
  memberIdsWithRoles: z
    .record(idField, z.enum(MEMBER_ROLES))
    .default({})
    .refine((m) => Object.keys(m).length <= MAX_BULK_ITEMS, 'validation.tooLong'),
})

// ---------- Forms of the groups screen ----------

/**
 * Bulk forms post the checked rows as `ids`, or `scope=matching` for every group the list's search
 * and filters match; destructive intents also need confirmed=1.
 */
export const BulkGroupsFormSchema = z.object({
  intent: z.enum(['activate', 'deactivate', 'delete', 'change-owners-form']),
  ...bulkSelectionFields,
})

/** The most groups whose owners one form changes (one row each). */
export const MAX_OWNER_CHANGE_ROWS = 200

/**
 * Change owners: one row per selected group with its new owner (a user id, chosen with the people
 * picker) and what happens to the old owner; empty row fields take the values given for all groups.
 */
const optionalId = z.string().trim().max(MAX_ID_LENGTH, 'validation.tooLong').optional()

export const ChangeOwnersFormSchema = z
  .object({
    intent: z.literal('change-owners'),
    newOwnerId: optionalId,
    oldOwnerRole: z.enum(OLD_OWNER_ROLES).default('member'),
    changes: z
      .array(z.object({ groupId: idField, newOwnerId: optionalId, oldOwnerRole: z.enum(OLD_OWNER_ROLES).optional() }), {
        required_error: 'groups.validation.noneSelected',
      })
      .min(1, 'groups.validation.noneSelected')
      .max(MAX_OWNER_CHANGE_ROWS, 'validation.tooLong'),
  })
  // Checked here, all at once, so one submission shows every row's problem.
  .superRefine((form, ctx) => {
    form.changes.forEach((row, i) => {
      if (!row.newOwnerId && !form.newOwnerId)
        ctx.addIssue({ code: 'custom', path: ['changes', i, 'newOwnerId'], message: 'groups.owners.chooseOwner' })
    })
  })
  .transform((form) =>
    form.changes.map((row) => ({
      groupId: row.groupId,
      newOwnerId: (row.newOwnerId || form.newOwnerId)!,
      oldOwnerRole: row.oldOwnerRole ?? form.oldOwnerRole,
    })),
  )

/** The most member lines of the create-group-from-a-package form. */
export const MAX_MEMBER_LINES = 2000

const lineEmail = z.string().email()

/**
 * The role words of a member line in every locale, in any case: the hint names those of the
 * page's language (createGroup.membersHint), and a list pasted from the other works as well.
 * They are the role names of groups.owners.role.* (a test holds them together).
 */
export const MEMBER_ROLE_WORDS: Readonly<Record<string, MemberRole>> = {
  leader: 'leader',
  member: 'member',
  subscriber: 'subscriber',
  ledare: 'leader',
  medlem: 'member',
  prenumerant: 'subscriber',
}

/**
 * The members textarea: one email per line, optionally followed by a comma and a role word
 * (MEMBER_ROLE_WORDS; member when left out). Blank lines are skipped; an email given twice keeps
 * its last role.
 */
export function parseMemberLines(text: string): { members: { email: string; role: MemberRole }[]; badLines: number[] } {
  const byEmail = new Map<string, MemberRole>()
  const badLines: number[] = []
  text.split(/\r?\n/).forEach((raw, i) => {
    const line = raw.trim()
    if (!line) return
    const [emailPart, rolePart, ...rest] = line.split(',').map((s) => s.trim())
    const email = emailPart.toLowerCase()
    const word = (rolePart || 'member').toLowerCase()
    const role = Object.hasOwn(MEMBER_ROLE_WORDS, word) ? MEMBER_ROLE_WORDS[word] : undefined
    if (rest.length > 0 || !lineEmail.safeParse(email).success || email.length > 254 || !role) {
      badLines.push(i + 1)
      return
    }
    byEmail.delete(email)
    byEmail.set(email, role)
  })
  return { members: [...byEmail].map(([email, role]) => ({ email, role })), badLines }
}
