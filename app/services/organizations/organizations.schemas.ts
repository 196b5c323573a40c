import { z } from 'zod'

/**
 * Forms and JSON payloads of the organization screens and API (spec sections 3 and 7).
 * Messages are translation keys. Shared by server and browser.
 */
import { ORGANIZATION_NAME_MAX, TWO_STEP_POLICIES } from './organizations.constants'

export { ORGANIZATION_NAME_MAX } from './organizations.constants'

export const organizationNameField = z
  .string({ required_error: 'validation.required' })
  .trim()
  .min(1, 'validation.required')
  .max(ORGANIZATION_NAME_MAX, 'validation.tooLong')

/** Every contact field is optional; a blank one is dropped. */
const blankToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v)
const optionalText = (max: number) => z.preprocess(blankToUndefined, z.string().trim().max(max, 'validation.tooLong').optional())

export const contactSchema = z.object({
  name: optionalText(200),
  email: z.preprocess(
    blankToUndefined,
    z
      .string()
      .trim()
      .max(254, 'validation.tooLong')
      .email('validation.email')
      .transform((v) => v.toLowerCase())
      .optional(),
  ),
  phone: optionalText(50),
})
export type OrganizationContact = { name?: string; email?: string; phone?: string }

// Forms of the organization home (one action, dispatched on `intent`).
export const RenameOrganizationSchema = z.object({ intent: z.literal('rename'), name: organizationNameField })
export const OrganizationContactSchema = contactSchema.extend({ intent: z.literal('contact') })
/** `active` is the new state; without JavaScript the action first answers with a confirmation step. */
export const SetOrganizationActiveSchema = z.object({
  intent: z.literal('active'),
  active: z.enum(['true', 'false']).transform((v) => v === 'true'),
  confirmed: z.literal('1').optional(),
})

export { TWO_STEP_POLICIES } from './organizations.constants'

export const TwoStepPolicySchema = z.object({
  intent: z.literal('twoStepPolicy'),
  policy: z.enum(TWO_STEP_POLICIES, { errorMap: () => ({ message: 'validation.required' }) }),
})

// JSON API payloads: PUT …/active {active}, PUT …/contact {contact}, PUT …/name {name}.
export const SetActivePayload = z.object({ active: z.boolean() })
export const ContactPayload = z.object({ contact: contactSchema })
export const NamePayload = z.object({ name: organizationNameField })
