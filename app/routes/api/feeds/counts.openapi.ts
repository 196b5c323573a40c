import { z } from 'zod'
import { operation } from '../openapi/operation'

/** The header's polled counts (spec section 7): passive calls, they never extend the session. */

const TAG = 'Notifications'

export const AlertCountsAnswer = z
  .object({
    new: z.number().int().openapi({ description: 'Alerts after the mark.' }),
    old: z.number().int().openapi({ description: 'Alerts up to it.' }),
  })
  .strict()
export const CountAnswer = z.object({ count: z.number().int() }).strict()
export const NotificationCountsAnswer = z.union([AlertCountsAnswer, CountAnswer])
export const StudyInvitationCountsAnswer = z
  .object({
    count: z.number().int().openapi({ description: 'Pending group invitations addressed to you.' }),
    groupCreator: z.number().int().openapi({ description: 'Pending group-creator invitations addressed to you.' }),
  })
  .strict()

export const countOperations = [
  operation({
    method: 'get',
    path: '/api/v1/feeds/notifications/counts',
    tag: TAG,
    summary: 'Alert counts',
    description:
      '`{ new, old }`: the alerts after and up to the "seen up to" mark (`timestamp`, an ISO date or milliseconds; the stored mark without it). ' +
      'With `domain=package&type=package.invitation.new`: `{ count }` of pending package invitations.',
    access: 'session',
    query: z.object({
      timestamp: z.string().max(100).optional(),
      domain: z.literal('package').optional(),
      type: z.literal('package.invitation.new').optional(),
    }),
    ok: { status: 200, schema: NotificationCountsAnswer, description: 'The counts (never cached).' },
  }),
  operation({
    method: 'get',
    path: '/api/v1/studies/invitations/count',
    tag: TAG,
    summary: 'Invitation counts',
    description: 'Requires the X-Requested-With header (400 without it).',
    access: 'session',
    headers: z.object({ 'X-Requested-With': z.string().openapi({ example: 'XMLHttpRequest' }) }),
    ok: { status: 200, schema: StudyInvitationCountsAnswer, description: 'The counts (never cached).' },
    errors: ['BAD_REQUEST'],
  }),
]
