import { z } from 'zod'
import { CommentSchema, FollowsSchema } from '~/services/group-work/loop-feedback.schemas'
import { idParam, operation } from '../openapi/operation'

/** Feedback on loops and whom subscribers follow (docs/group-work.md "Feedback", "Follows"; docs/group-roles.md). */

const TAG = 'Group work: feedback'

const person = z.object({ _id: z.string(), name: z.string() }).strict()

/** A comment of POST …/loops/{loopId}/comments. */
export const CommentAnswer = z
  .object({ _id: z.string(), loop: z.string(), author: person, text: z.string(), created: z.string() })
  .strict()
  .openapi('LoopComment')

/** The approval of a report after POST or DELETE …/loops/{loopId}/approval. */
export const ApprovalAnswer = z
  .object({
    approved: z
      .object({ by: z.object({ _id: z.string().nullable(), name: z.string().nullable() }).strict(), at: z.string() })
      .strict()
      .nullable(),
  })
  .strict()
  .openapi('LoopApproval')

/** A subscriber's followed members after PUT …/members/{userId}/follows, with a result per member asked for. */
export const FollowsAnswer = z
  .object({
    subscriber: person,
    following: z.array(person),
    results: z.array(
      z.object({ _id: z.string(), name: z.string().nullable(), result: z.enum(['OK', 'MEMBER_NOT_FOUND', 'BAD_REQUEST']) }).strict(),
    ),
  })
  .strict()
  .openapi('SubscriberFollows')

const loopParams = z.object({ groupId: idParam('The group.'), loopId: idParam('The loop.') })

export const feedbackOperations = [
  operation({
    method: 'post',
    path: '/api/v3/groups/{groupId}/loops/{loopId}/comments',
    tag: TAG,
    summary: 'Comment on a loop',
    description:
      'Owners and leaders comment on the loops they see; the author answers on their own. A subscriber reads the thread only (403 FORBIDDEN); a loop the caller may not see is 404 GROUP_NOT_FOUND. `text`: 1 to 2,000 characters.',
    access: 'session',
    params: loopParams,
    body: CommentSchema,
    ok: { status: 201, schema: CommentAnswer, description: 'The comment.' },
    errors: ['GROUP_NOT_FOUND'],
  }),
  operation({
    method: 'post',
    path: '/api/v3/groups/{groupId}/loops/{loopId}/approval',
    tag: TAG,
    summary: 'Approve a report',
    description:
      'Owners and leaders (403 FORBIDDEN for others who see the loop). A free loop is not a report: 400 BAD_REQUEST. Approving an approved report changes nothing.',
    access: 'session',
    params: loopParams,
    ok: { status: 200, schema: ApprovalAnswer, description: 'The approval.' },
    errors: ['GROUP_NOT_FOUND', 'BAD_REQUEST'],
  }),
  operation({
    method: 'delete',
    path: '/api/v3/groups/{groupId}/loops/{loopId}/approval',
    tag: TAG,
    summary: 'Take back the approval of a report',
    access: 'session',
    params: loopParams,
    ok: { status: 200, schema: ApprovalAnswer, description: 'No approval (`approved: null`).' },
    errors: ['GROUP_NOT_FOUND', 'BAD_REQUEST'],
  }),
  operation({
    method: 'put',
    path: '/api/v3/groups/{groupId}/members/{userId}/follows',
    tag: TAG,
    summary: 'Choose whom a subscriber follows',
    description:
      'Owners and leaders. The subscriber follows exactly the listed members of the group afterwards; each member asked for gets a result (MEMBER_NOT_FOUND: not in the group). 404 MEMBER_NOT_FOUND when `userId` is no member, 400 BAD_REQUEST when no subscriber.',
    access: 'session',
    params: z.object({ groupId: idParam('The group.'), userId: idParam('The subscriber.') }),
    body: FollowsSchema,
    ok: { status: 200, schema: FollowsAnswer, description: 'Whom the subscriber follows now.' },
    errors: ['GROUP_NOT_FOUND', 'MEMBER_NOT_FOUND'],
  }),
]
