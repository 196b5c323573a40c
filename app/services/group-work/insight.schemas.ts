import { z } from 'zod'

/**
 * The insight's query (docs/group-work.md "Insight"): a date range in the viewer's time zone
 * (`from` and `to`, YYYY-MM-DD, both days included; default the last 4 weeks) and the members'
 * role. The screens' GET form and `GET /api/v3/groups/{groupId}/insight` share it; messages are
 * translation keys.
 */

/** The longest range, in days: a school year and then some. */
export const INSIGHT_MAX_DAYS = 400
/** The default range: the last 4 weeks, today included. */
export const INSIGHT_DEFAULT_DAYS = 28
/** The roles the insight filters on (those who write loops; a subscriber writes none). */
export const INSIGHT_ROLES = ['owner', 'leader', 'member'] as const
export type InsightRole = (typeof INSIGHT_ROLES)[number]
/** Members a page of the screen's member table shows (the API answers them all). */
export const INSIGHT_MEMBERS_PAGE = 20
/** A task's anonymous class view shows only once this many members have written on it. */
export const CLASS_VIEW_MIN_WRITERS = 3

const day = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'insight.form.badDate')
  .refine(
    (value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value),
    'insight.form.badDate',
  )

const optional = <T extends z.ZodTypeAny>(schema: T) => z.preprocess((value) => (value === '' ? undefined : value), schema.optional())

export const InsightQuerySchema = z.object({
  from: optional(day),
  to: optional(day),
  role: optional(z.enum(INSIGHT_ROLES, { errorMap: () => ({ message: 'insight.form.badRole' }) })),
})
export type InsightQuery = z.infer<typeof InsightQuerySchema>

/** The class view switch (the owner's form). */
export const ClassInsightSchema = z.object({ on: z.enum(['0', '1']) })
