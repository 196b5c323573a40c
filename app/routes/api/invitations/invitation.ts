import { requireApiUser } from '~/auth/guards.server'
import { ctxFor } from '~/services/context.server'
import { revokeInvitation } from '~/services/invitations/invitation-admin.server'
import { apiCall, apiRoute } from '../api.server'
import type { Answer, EmptyAnswer } from '../openapi/operation'

const route = apiRoute({
  /** DELETE /api/v1/invitations/{invitationId}: revokes it (admins of its organization; others get 404). */
  DELETE: ({ params, context }) =>
    apiCall<Answer<typeof EmptyAnswer>>(async () => {
      const actor = await requireApiUser(context)
      await revokeInvitation(ctxFor(actor, context), params.invitationId!)
      return {}
    }),
})

// Separate exports: Remix strips `loader` and `action` (and what only they use) from the browser build by name.
export const loader = route.loader
export const action = route.action
