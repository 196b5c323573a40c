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
