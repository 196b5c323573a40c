import { z } from 'zod'
import { RETENTION_MONTHS, RETENTION_PURPOSE_MAX } from '~/utils/retention-rules'

/**
 * A group's retention (docs/group-work.md "Retention"): the period in months and the purpose.
 * Messages are translation keys. Shared by the overview's form and the API (`{ months, purpose }`).
 */
export const RetentionSchema = z.object({
  months: z.coerce
    .number({ invalid_type_error: 'validation.retentionMonths' })
    .int('validation.retentionMonths')
    .refine((n) => (RETENTION_MONTHS as readonly number[]).includes(n), 'validation.retentionMonths'),
  purpose: z
    .string({ required_error: 'validation.retentionPurposeRequired' })
    .trim()
    .min(1, 'validation.retentionPurposeRequired')
    .max(RETENTION_PURPOSE_MAX, 'validation.retentionPurposeTooLong'),
})
export type RetentionInput = z.infer<typeof RetentionSchema>

/** An organization's retention policy: the period new groups start with, and the longest any group may have. */
export const RetentionPolicySchema = z
  .object({
    defaultMonths: RetentionSchema.shape.months,
    maxMonths: RetentionSchema.shape.months,
  })
  .refine((p) => p.defaultMonths <= p.maxMonths, { path: ['defaultMonths'], message: 'validation.retentionDefaultOverMax' })
export type RetentionPolicyInput = z.infer<typeof RetentionPolicySchema>
