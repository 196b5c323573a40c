import { z } from 'zod'
import { INSIGHT_MAX_DAYS, INSIGHT_ROLES } from '~/services/group-work/insight.schemas'
import { idParam, operation } from '../openapi/operation'

/** A group's insight (docs/group-work.md "Insight"; who reads it: docs/group-roles.md). */

const TAG = 'Group work'
const average = z.number().nullable().openapi({ description: 'The average emotional value (1–5), two decimals; null without loops.' })

const TaskInsight = z
  .object({
    _id: z.string().nullable().openapi({ description: 'null: the free loops.' }),
    title: z.string(),
    members: z.number().int().openapi({ description: 'The members in view whom the task is for.' }),
    writers: z.number().int().openapi({ description: 'Of them, those who wrote a loop on it in the range.' }),
    loops: z.number().int(),
    average,
    spread: z.number().nullable().openapi({ description: 'The standard deviation of the emotional values.' }),
    distribution: z.array(z.number().int()).openapi({ description: 'Loops per emotional value, 1 to 5.' }),
    tags: z
      .array(z.object({ _id: z.string(), loops: z.number().int() }).strict())
      .openapi({ description: 'The heat map row: loops per tag.' }),
  })
  .strict()

const MemberInsight = z
  .object({
    _id: z.string(),
    name: z.string(),
    role: z.enum(INSIGHT_ROLES),
    loops: z.number().int(),
    lastLoop: z.string().nullable(),
    average,
    trend: z.array(z.number().nullable()).openapi({ description: 'The average per week of the range (null: no loop that week).' }),
    quiet: z.boolean().openapi({ description: 'No loop in the range.' }),
    falling: z
      .boolean()
      .openapi({ description: 'The average of the most recent third of their loops is two steps or more below the earlier ones.' }),
  })
  .strict()

export const InsightAnswer = z
  .object({
    group: z.object({ _id: z.string(), name: z.string() }).strict(),
    named: z
      .boolean()
      .openapi({ description: 'false: an organization admin outside the group, who gets numbers without names (`members` is null).' }),
    range: z.object({ from: z.string(), to: z.string() }).strict(),
    // z.union with null: .nullable() of an enum loses its null in the document (zod-to-openapi 7, OpenAPI 3.1).
    role: z.union([z.enum(INSIGHT_ROLES), z.null()]).openapi({ description: 'The role asked for; null: every role.' }),
    totals: z.object({ loops: z.number().int(), members: z.number().int(), writers: z.number().int(), average }).strict(),
    tags: z.array(z.object({ _id: z.string(), name: z.string() }).strict()).openapi({ description: 'The tags with a loop in the range.' }),
    tasks: z.array(TaskInsight),
    members: z.array(MemberInsight).nullable().openapi({ description: 'Quiet and falling members first, then by name.' }),
    flagged: z.object({ quiet: z.number().int(), falling: z.number().int() }).strict(),
    weeks: z.array(
      z.object({ week: z.string().openapi({ description: "The week's Monday." }), loops: z.number().int(), average }).strict(),
    ),
    classInsight: z.object({ on: z.boolean(), canChange: z.boolean() }).strict(),
  })
  .strict()
  .openapi('GroupInsight')

const day = (description: string) =>
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .optional()
    .openapi({ description: `${description} (YYYY-MM-DD, in your time zone).`, example: '2026-03-02' })

export const InsightQuery = z.object({
  from: day('The first day; default 27 days before `to`'),
  to: day('The last day, included; default today'),
  role: z
    .enum(INSIGHT_ROLES)
    .optional()
    .openapi({ description: 'Only the members of this role (their loops and rows); default every role that writes.' }),
})

export const insightOperations = [
  operation({
    method: 'get',
    path: '/api/v3/groups/{groupId}/insight',
    tag: TAG,
    summary: "The numbers behind the group's insight",
    description: `Per task, tasks × tags, per member and per week, over a range of at most ${INSIGHT_MAX_DAYS} days. The owner and leaders read every member, a subscriber the members they follow, an organization admin outside the group the numbers without names; a plain member gets 403 FORBIDDEN.`,
    access: 'session',
    params: z.object({ groupId: idParam('The group.') }),
    query: InsightQuery,
    ok: { status: 200, schema: InsightAnswer, description: 'The insight.' },
    errors: ['GROUP_NOT_FOUND', 'FORBIDDEN', 'BAD_REQUEST'],
  }),
]
