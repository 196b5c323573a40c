import { z } from 'zod'
import { MAX_ID_LENGTH } from '../bulk.schemas'
import { organizationNameField } from '../organizations/organizations.schemas'

/** The "retry now" button of one row of /platform/mail. */
export const RetryMailSchema = z.object({ id: z.string().min(1).max(MAX_ID_LENGTH) })

// ---------- /platform/organizations (platform-organizations.server.ts) ----------

const emailInput = z
  .string({ required_error: 'validation.required' })
  .trim()
  .min(1, 'validation.required')
  .max(254, 'validation.tooLong')
  .email('validation.email')

/** Create an organization with its first admin (an existing account, by email). */
export const CreatePlatformOrganizationSchema = z.object({
  intent: z.literal('create'),
  name: organizationNameField,
  adminEmail: emailInput,
})

export const RenamePlatformOrganizationSchema = z.object({ intent: z.literal('rename'), name: organizationNameField })

/** `active` is the new state; deactivating asks to confirm first (a dialog, or without JavaScript a step). */
export const SetPlatformOrganizationActiveSchema = z.object({
  intent: z.literal('active'),
  active: z.enum(['true', 'false']).transform((v) => v === 'true'),
  confirmed: z.literal('1').optional(),
})

export const AddPlatformAdminSchema = z.object({ intent: z.literal('addAdmin'), email: emailInput })

/** Removing an admin asks to confirm first. */
export const RemovePlatformAdminSchema = z.object({
  intent: z.literal('removeAdmin'),
  email: emailInput,
  confirmed: z.literal('1').optional(),
})

// ---------- /platform/accounts (account-recovery.server.ts) ----------

/** The identity checks a platform admin writes down before a reset: a sentence or more, not "ok". */
export const IDENTITY_CHECKS_MIN = 20
export const IDENTITY_CHECKS_MAX = 2000

/** The account search of /platform/accounts (GET ?email=). */
export const FindAccountSchema = z.object({ email: emailInput })

/** "Reset sign-in methods" of an account that lost every factor: the account and the checks made (required). */
export const ResetAccountSchema = z.object({
  intent: z.literal('reset'),
  userId: z.string().min(1).max(MAX_ID_LENGTH),
  email: emailInput,
  identityChecks: z
    .string({ required_error: 'validation.required' })
    .trim()
    .min(1, 'validation.required')
    .max(IDENTITY_CHECKS_MAX, 'validation.tooLong')
    // An empty field is "required" only, not also "too short".
    .refine((v) => v.length === 0 || v.length >= IDENTITY_CHECKS_MIN, 'platformAccounts.reset.checksTooShort'),
})
