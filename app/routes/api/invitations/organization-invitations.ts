import { requireApiUser } from '~/auth/guards.server'
import { ctxFor } from '~/services/context.server'
import { CreateInvitationPayload } from '~/services/invitations/invitations.schemas'
import { createInvitation, listInvitations } from '~/services/invitations/invitations.server'
import { apiCall, apiRoute, readJson } from '../api.server'
import type { Answer } from '../openapi/operation'
import type { InvitationsAnswer, NewInvitationAnswer } from './invitations.openapi'

const route = apiRoute({
  /** GET /api/v2/organizations/{organizationId}/invitations: the organization's invitations, newest first. */
  GET: ({ params, context }) =>
    apiCall<Answer<typeof InvitationsAnswer>>(async () =>
      listInvitations(ctxFor(await requireApiUser(context), context), params.organizationId!),
    ),

  /**
   * POST /api/v2/organizations/{organizationId}/invitations { type, email?, groupCreator: true }:
   * the invitation; an open one also carries its `code`, shown this once.
   */
  POST: ({ request, params, context }) =>
    apiCall<Answer<typeof NewInvitationAnswer>>(
      async () => {
        const actor = await requireApiUser(context)
        const input = await readJson(request, CreateInvitationPayload)
        const { invitation, code } = await createInvitation(ctxFor(actor, context), params.organizationId!, input)
        return input.type === 'open' ? { ...invitation, code } : invitation
      },
      { status: 201 },
    ),
})

// Separate exports: Remix strips `loader` and `action` (and what only they use) from the browser build by name.
export const loader = route.loader
export const action = route.action
