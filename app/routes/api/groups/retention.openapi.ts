import { z } from 'zod'
import { RETENTION_MONTHS, RETENTION_PURPOSE_MAX } from '~/utils/retention-rules'
import { idParam, operation } from '../openapi/operation'

/** A group's retention (gallring, docs/group-work.md "Retention"; docs/group-roles.md). */

const TAG = 'Group work'
const months = z
  .number()
  .int()
  .refine((n) => (RETENTION_MONTHS as readonly number[]).includes(n), 'validation.retentionMonths')
  .openapi({ type: 'integer', enum: [...RETENTION_MONTHS], description: 'How long loops are kept, in months.' })

export const RetentionAnswer = z
  .object({
    months: z
      .number()
      .int()
      .openapi({ enum: [...RETENTION_MONTHS], description: 'How long loops are kept, in months.' }),
    purpose: z.string().openapi({ description: 'Why they are kept (shown to every member).' }),
    maxMonths: z.number().int().openapi({ description: "The organization's longest allowed period." }),
    canChange: z.boolean().openapi({ description: 'Whether the caller may change it (the owner, an organization admin).' }),
    queued: z
      .object({
        count: z.number().int().openapi({ description: 'Loops removed within 14 days.' }),
        byDay: z.string().openapi({ description: 'The day (YYYY-MM-DD, Europe/Stockholm) by which they are removed.' }),
      })
      .strict()
      .nullable()
      .openapi({ description: 'For those who may change it: what is queued for removal. Null for anyone else.' }),
  })
  .strict()
  .openapi('GroupRetention')

export const RetentionBody = z
  .object({
    months,
    purpose: z
      .string()
      .trim()
      .min(1)
      .max(RETENTION_PURPOSE_MAX)
      .openapi({ description: `Required, at most ${RETENTION_PURPOSE_MAX} characters.` }),
  })
  .strict()
  .openapi('GroupRetentionChange')

const groupParams = z.object({ groupId: idParam('The group.') })

export const retentionOperations = [
  operation({
    method: 'get',
    path: '/api/v3/groups/{groupId}/retention',
    tag: TAG,
    summary: "The group's retention period and purpose",
    description: 'Everyone who sees the group. The owner and organization admins also get what is queued for removal.',
    access: 'session',
    params: groupParams,
    ok: { status: 200, schema: RetentionAnswer, description: 'The retention.' },
    errors: ['GROUP_NOT_FOUND'],
  }),
  operation({
    method: 'put',
    path: '/api/v3/groups/{groupId}/retention',
    tag: TAG,
    summary: "Set the group's retention period and purpose",
    description:
      "The owner or an organization admin (403 FORBIDDEN for leaders and others); at most the organization's maximum (400 RETENTION_TOO_LONG, with `max`). Audited.",
    access: 'session',
    params: groupParams,
    body: RetentionBody,
    ok: { status: 200, schema: RetentionAnswer, description: 'The retention as changed.' },
    errors: ['GROUP_NOT_FOUND', 'FORBIDDEN', 'RETENTION_TOO_LONG'],
  }),
]
