import { z } from 'zod'
import { RETENTION_MONTHS, RETENTION_PURPOSE_MAX } from '~/utils/retention-rules'

/**
 * A group's retention (docs/group-work.md "Retention"): the period in months and the purpose.
 * Messages are translation keys. Shared by the overview's form and the API (`{ months, purpose }`).
 */
export const RetentionSchema = z.object({
  months: z.coerce
    .number({ invalid_type_error: 'retention.errors.months' })
    .int('retention.errors.months')
    .refine((n) => (RETENTION_MONTHS as readonly number[]).includes(n), 'retention.errors.months'),
  purpose: z
    .string({ required_error: 'retention.errors.purposeRequired' })
    .trim()
    .min(1, 'retention.errors.purposeRequired')
    .max(RETENTION_PURPOSE_MAX, 'retention.errors.purposeTooLong'),
})
export type RetentionInput = z.infer<typeof RetentionSchema>

/** An organization's retention policy: the period new groups start with, and the longest any group may have. */
export const RetentionPolicySchema = z
  .object({
    defaultMonths: RetentionSchema.shape.months,
    maxMonths: RetentionSchema.shape.months,
  })
  .refine((p) => p.defaultMonths <= p.maxMonths, { path: ['defaultMonths'], message: 'retention.errors.defaultOverMax' })
export type RetentionPolicyInput = z.infer<typeof RetentionPolicySchema>
