import { z } from 'zod'
import { emailField } from '~/auth/email-field'
import { PACKAGE_LIMITS, PACKAGE_LANGUAGES, ENTITY_KINDS, COLLABORATOR_ACCESS, TASK_GROUP_ROLES } from './packages.constants'

/**
 * Schemas of the library (spec section 2, "/library"; ADR 009): the wizard steps, sharing and the feed. Shared by
 * server and browser; messages are translation keys under `library.errors.*` (the limits) or the
 * shared `validation.*` ones. The services parse their input with these too, so a limit holds
 * whichever route (form or API) calls them.
 */

export {
  PACKAGE_LIMITS,
  PACKAGE_LANGUAGES,
  ENTITY_KINDS,
  COLLABORATOR_ACCESS,
  TASK_GROUP_ROLES,
  FEED_SORTS,
  FEED_SCOPES,
} from './packages.constants'
export type { EntityKind, TaskGroupRole, FeedSort, FeedScope } from './packages.constants'

const MAX_ID = 64
export const packageIdField = z
  .string({ required_error: 'validation.required' })
  .trim()
  .min(1, 'validation.required')
  .max(MAX_ID, 'validation.tooLong')
const optionalId = z
  .string()
  .trim()
  .max(MAX_ID, 'validation.tooLong')
  .optional()
  .transform((v) => (v ? v : undefined))
/** The version the form was loaded with (a hidden field, or a number in JSON). */
export const versionField = z.coerce.number({ invalid_type_error: 'validation.required' }).int().min(1)

/** Tags: trimmed, empty ones dropped, duplicates (ignoring case) dropped; at most 10 of at most 30 characters. */
export const tagsField = z
  .array(z.string().trim().max(PACKAGE_LIMITS.tag, 'library.errors.tagTooLong'))
  .transform((tags) => {
    const seen = new Set<string>()
    return tags.filter((t) => t && !seen.has(t.toLowerCase()) && seen.add(t.toLowerCase()))
  })
  .pipe(z.array(z.string()).max(PACKAGE_LIMITS.tags, 'library.errors.tooManyTags'))

/** Tags typed in one field, separated by commas (the form of step 1 without JavaScript). */
export const parseTagText = (text: string) => text.split(',')

/** Step 1: the basic details. */
export const PackageBasicsSchema = z.object({
  name: z
    .string({ required_error: 'validation.required' })
    .trim()
    .min(1, 'validation.required')
    .max(PACKAGE_LIMITS.name, 'library.errors.nameTooLong'),
  description: z.string().trim().max(PACKAGE_LIMITS.description, 'library.errors.descriptionTooLong').default(''),
  language: z.enum(PACKAGE_LANGUAGES, { errorMap: () => ({ message: 'validation.required' }) }),
  tags: tagsField.default([]),
})
export type PackageBasics = z.infer<typeof PackageBasicsSchema>
export type PackageBasicsInput = z.input<typeof PackageBasicsSchema>

export const SaveBasicsSchema = PackageBasicsSchema.extend({ packageId: packageIdField, version: versionField })
export type SaveBasicsInput = z.input<typeof SaveBasicsSchema>

/** One role of step 2; `id` is absent for a new role. */
export const RoleInputSchema = z.object({
  id: optionalId,
  name: z
    .string({ required_error: 'validation.required' })
    .trim()
    .min(1, 'validation.required')
    .max(PACKAGE_LIMITS.roleName, 'library.errors.roleNameTooLong'),
  description: z.string().trim().max(PACKAGE_LIMITS.roleDescription, 'library.errors.roleDescriptionTooLong').default(''),
})
export type RoleInput = z.input<typeof RoleInputSchema>

/** Step 2: the whole list of roles in order (ids of kept roles; roles left out are deleted with their tasks). */
export const SaveRolesSchema = z.object({
  packageId: packageIdField,
  version: versionField,
  roles: z.array(RoleInputSchema).max(PACKAGE_LIMITS.roles, 'library.errors.tooManyRoles'),
})
export type SaveRolesInput = z.input<typeof SaveRolesSchema>

/** One entity (task) of step 3; `id` is absent for a new one. */
export const EntityInputSchema = z.object({
  id: optionalId,
  roleId: packageIdField,
  title: z
    .string({ required_error: 'validation.required' })
    .trim()
    .min(1, 'validation.required')
    .max(PACKAGE_LIMITS.entityTitle, 'library.errors.titleTooLong'),
  instructions: z.string().trim().max(PACKAGE_LIMITS.instructions, 'library.errors.instructionsTooLong').default(''),
  kind: z.enum(ENTITY_KINDS, { errorMap: () => ({ message: 'validation.required' }) }).default('task'),
  dayOffset: z
    .union([z.literal('').transform(() => null), z.null(), z.coerce.number({ invalid_type_error: 'library.errors.dayOffset' })])
    .pipe(
      z
        .number()
        .int('library.errors.dayOffset')
        .min(-PACKAGE_LIMITS.dayOffset, 'library.errors.dayOffset')
        .max(PACKAGE_LIMITS.dayOffset, 'library.errors.dayOffset')
        .nullable(),
    )
    .optional()
    .transform((v) => v ?? null),
})
export type EntityInput = z.input<typeof EntityInputSchema>

/**
 * Step 3: the entities in order. With `roleId`, the list replaces that role's entities only
 * (one form per role); without, it replaces every entity of the package.
 */
export const SaveEntitiesSchema = z.object({
  packageId: packageIdField,
  version: versionField,
  roleId: optionalId,
  entities: z.array(EntityInputSchema).max(PACKAGE_LIMITS.entities, 'library.errors.tooManyEntities'),
})
export type SaveEntitiesInput = z.input<typeof SaveEntitiesSchema>

export const PublishSchema = z.object({ packageId: packageIdField, version: versionField })

// ---------- Sharing ----------

export const InviteCollaboratorSchema = z.object({
  packageId: packageIdField,
  email: emailField,
  access: z.enum(COLLABORATOR_ACCESS, { errorMap: () => ({ message: 'validation.required' }) }),
})
export type InviteCollaboratorInput = z.input<typeof InviteCollaboratorSchema>

export const ChangeAccessSchema = z.object({
  packageId: packageIdField,
  userId: packageIdField,
  access: z.enum(COLLABORATOR_ACCESS, { errorMap: () => ({ message: 'validation.required' }) }),
})

/** A share link's optional expiry: an ISO date-time or a date (`yyyy-mm-dd`, the end of that day UTC); must lie ahead. */
export const CreateShareLinkSchema = z.object({
  packageId: packageIdField,
  expiresAt: z
    .string()
    .trim()
    .optional()
    .transform((v, ctx) => {
      if (!v) return null
      const date = new Date(/^\d{4}-\d{2}-\d{2}$/.test(v) ? `${v}T23:59:59.999Z` : v)
      if (Number.isNaN(date.getTime())) {
        ctx.addIssue({ code: 'custom', message: 'library.errors.expiry' })
        return z.NEVER
      }
      return date.toISOString()
    }),
})
export type CreateShareLinkInput = z.input<typeof CreateShareLinkSchema>

// ---------- Groups from packages ----------

export const CreateGroupFromPackageSchema = z.object({
  packageId: packageIdField,
  organizationId: packageIdField,
  name: z.string({ required_error: 'validation.required' }).trim().min(1, 'validation.required').max(100, 'validation.tooLong'),
  members: z
    .array(z.object({ email: emailField, role: z.enum(TASK_GROUP_ROLES) }))
    .max(2000, 'validation.tooLong')
    .default([]),
  /** Package role id → the group role whose members get its tasks; roles left out: see ADR 009 (first → leader, others → member). */
  roleMapping: z.record(packageIdField, z.enum(TASK_GROUP_ROLES)).default({}),
})
export type CreateGroupFromPackageInput = z.input<typeof CreateGroupFromPackageSchema>

/** The translation keys of the schemas' messages that the `library` area must hold (both languages). */
export const LIBRARY_ERROR_KEYS = [
  'library.errors.nameTooLong',
  'library.errors.descriptionTooLong',
  'library.errors.tagTooLong',
  'library.errors.tooManyTags',
  'library.errors.roleNameTooLong',
  'library.errors.roleDescriptionTooLong',
  'library.errors.tooManyRoles',
  'library.errors.titleTooLong',
  'library.errors.instructionsTooLong',
  'library.errors.tooManyEntities',
  'library.errors.dayOffset',
  'library.errors.expiry',
] as const
