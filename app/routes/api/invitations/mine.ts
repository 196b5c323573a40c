import { requireApiUser } from '~/auth/guards.server'
import { ctxFor } from '~/services/context.server'
import { myInvitations } from '~/services/invitations/invitation-inbox.server'
import { apiCall, apiRoute } from '../api.server'
import type { Answer } from '../openapi/operation'
import type { InboxAnswer } from './invitations.openapi'

const route = apiRoute({
  /**
   * GET /api/v1/invitations/mine: the invitations inbox, `{ groups, packages, organizations }`,
   * each the pending invitations addressed to the user, newest first (docs/invitations.md).
   */
  GET: ({ context }) => apiCall<Answer<typeof InboxAnswer>>(async () => myInvitations(ctxFor(await requireApiUser(context), context))),
})

// Separate exports: Remix strips `loader` and `action` (and what only they use) from the browser build by name.
export const loader = route.loader
export const action = route.action
