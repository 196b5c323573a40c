import { z } from 'zod'
import { INBOX_KINDS } from '~/services/invitations/invitation-inbox.server'
import { CreateInvitationPayload, UseCodePayload } from '~/services/invitations/invitations.schemas'
import { EmptyAnswer, idParam, operation, OrganizationParams } from '../openapi/operation'

/** Invitations: an organization's (its admins), the codes, and the user's inbox (docs/invitations.md). */

const TAG = 'Invitations'

/** An invitation of an organization (services/invitations/invitations.server.ts Invitation). */
const invitationShape = {
  _id: z.string(),
  created: z.string(),
  type: z.enum(['email', 'open']),
  email: z.string().optional(),
  groupCreator: z.boolean(),
  status: z.enum(['pending', 'used', 'declined', 'expired']),
  expires: z.string(),
}
export const InvitationAnswer = z.object(invitationShape).strict().openapi('Invitation')
export const InvitationsAnswer = z.array(InvitationAnswer)
export const NewInvitationAnswer = z
  .object({ ...invitationShape, code: z.string().optional().openapi({ description: 'An open invitation: its code, shown this once.' }) })
  .strict()
export const RedeemAnswer = z
  .object({ redirectTo: z.string().openapi({ description: 'Where to go next: the group or the organization.' }), name: z.string() })
  .strict()

const invitedBy = z.object({ id: z.string(), name: z.string() }).strict().nullable()
const organizationInvite = z
  .object({
    id: z.string(),
    name: z.string(),
    organizationId: z.string(),
    organization: z.string(),
    invitedBy,
    createdAt: z.string(),
    expiresAt: z.string(),
  })
  .strict()
export const InboxAnswer = z
  .object({
    groups: z.array(organizationInvite),
    packages: z.array(
      z
        .object({
          id: z.string(),
          packageId: z.string(),
          name: z.string(),
          access: z.enum(['view', 'edit']),
          invitedBy,
          createdAt: z.string(),
        })
        .strict(),
    ),
    organizations: z.array(organizationInvite),
  })
  .strict()
  .openapi('InvitationInbox')
export const InboxAnswerResult = z
  .object({
    kind: z.enum(INBOX_KINDS),
    name: z.string(),
    redirectTo: z.string(),
    already: z.enum(['ALREADY_ADDED_TO_GROUP', 'IS_ALREADY_GROUP_CREATOR']).optional(),
  })
  .strict()

export const invitationOperations = [
  operation({
    method: 'get',
    path: '/api/v2/organizations/{organizationId}/invitations',
    tag: TAG,
    summary: "The organization's invitations",
    description: 'Newest first; admins of the organization only.',
    access: 'session',
    params: OrganizationParams,
    ok: { status: 200, schema: InvitationsAnswer, description: 'The invitations.' },
    errors: ['ORGANIZATION_NOT_FOUND'],
  }),
  operation({
    method: 'post',
    path: '/api/v2/organizations/{organizationId}/invitations',
    tag: TAG,
    summary: 'Invite a group creator',
    description: 'By email, or an open invitation whose code is answered this once.',
    access: 'session',
    params: OrganizationParams,
    body: CreateInvitationPayload,
    ok: { status: 201, schema: NewInvitationAnswer, description: 'The invitation.' },
    errors: ['ORGANIZATION_NOT_FOUND', 'ORGANIZATION_INACTIVE', 'ALREADY_GROUP_CREATOR', 'TOO_MANY_ATTEMPTS'],
  }),
  operation({
    method: 'put',
    path: '/api/v1/invitations/use-code',
    tag: TAG,
    summary: 'Use an invitation code',
    description: 'A 409 (already a member or group creator) carries `redirectTo` and `name` too; 429 carries `retryAt`.',
    access: 'session',
    body: UseCodePayload,
    ok: { status: 200, schema: RedeemAnswer, description: 'Joined.' },
    errors: [
      'INVITATION_NOT_FOUND',
      'WRONG_EMAIL',
      'USED',
      'INVITATION_DECLINED',
      'ORGANIZATION_INACTIVE',
      'ALREADY_ADDED_TO_GROUP',
      'ALREADY_ADDED_TO_ORGANIZATION',
      'IS_ALREADY_GROUP_CREATOR',
      'TOO_MANY_ATTEMPTS',
    ],
  }),
  operation({
    method: 'get',
    path: '/api/v1/invitations/mine',
    tag: TAG,
    summary: 'Your invitations',
    description: 'The pending invitations addressed to you, newest first.',
    access: 'session',
    ok: { status: 200, schema: InboxAnswer, description: 'The inbox.' },
  }),
  operation({
    method: 'post',
    path: '/api/v1/invitations/mine/{kind}/{id}/{answer}',
    tag: TAG,
    summary: 'Accept or decline an invitation of yours',
    description: 'Anyone but the addressee, and an unknown id, get INVITATION_NOT_FOUND (PACKAGE_INVITATION_NOT_FOUND for a package).',
    access: 'session',
    params: z.object({ kind: z.enum(INBOX_KINDS), id: idParam('The invitation.'), answer: z.enum(['accept', 'decline']) }),
    ok: { status: 200, schema: InboxAnswerResult, description: 'Accepted or declined.' },
    errors: [
      'NOT_FOUND',
      'INVITATION_NOT_FOUND',
      'PACKAGE_INVITATION_NOT_FOUND',
      'INVITATION_DECLINED',
      'USED',
      'ORGANIZATION_INACTIVE',
      'PACKAGE_ALREADY_SHARED',
    ],
  }),
  operation({
    method: 'delete',
    path: '/api/v1/invitations/{invitationId}',
    tag: TAG,
    summary: 'Revoke an invitation',
    description: 'Admins of its organization (who meet its two-step policy: 403 STRONG_AUTH_REQUIRED otherwise); anyone else gets 404.',
    access: 'session',
    params: z.object({ invitationId: idParam('The invitation.') }),
    ok: { status: 200, schema: EmptyAnswer, description: 'Revoked.' },
    errors: ['INVITATION_NOT_FOUND', 'USED', 'STRONG_AUTH_REQUIRED'],
  }),
]
