import { requireApiUser } from '~/auth/guards.server'
import { ctxFor } from '~/services/context.server'
import { UseCodePayload } from '~/services/invitations/invitations.schemas'
import { redeemInvitationCode } from '~/services/invitations/invitation-redemption.server'
import { apiCall, apiRoute, readJson } from '../api.server'
import type { Answer } from '../openapi/operation'
import type { RedeemAnswer } from './invitations.openapi'

const route = apiRoute({
  /**
   * PUT /api/v1/invitations/use-code { invitationCode }: { redirectTo, name }. A 409 (already a
   * member or group creator) carries redirectTo and name too; 429 carries retryAt.
   */
  PUT: ({ request, context }) =>
    apiCall<Answer<typeof RedeemAnswer>>(async () => {
      const actor = await requireApiUser(context)
      const { invitationCode } = await readJson(request, UseCodePayload)
      return redeemInvitationCode(ctxFor(actor, context), invitationCode)
    }),
})

// Separate exports: Remix strips `loader` and `action` (and what only they use) from the browser build by name.
export const loader = route.loader
export const action = route.action
