import { requireApiUser } from '~/auth/guards.server'
import { DomainError } from '~/errors'
import { ctxFor } from '~/services/context.server'
import { acceptMyInvitation, declineMyInvitation, isInboxKind } from '~/services/invitations/invitation-inbox.server'
import { apiCall, apiRoute } from '../api.server'
import type { Answer } from '../openapi/operation'
import type { InboxAnswerResult } from './invitations.openapi'

const route = apiRoute({
  /**
   * POST /api/v1/invitations/mine/{kind}/{id}/accept | decline, kind groups, packages or
   * organizations: `{ kind, name, redirectTo }`. Anyone but the addressee, and an unknown id, get
   * INVITATION_NOT_FOUND (PACKAGE_INVITATION_NOT_FOUND for a package); a declined one
   * INVITATION_DECLINED.
   */
  POST: ({ params, context }) =>
    apiCall<Answer<typeof InboxAnswerResult>>(async () => {
      const ctx = ctxFor(await requireApiUser(context), context)
      const { kind, id, answer } = params
      if (!isInboxKind(kind) || !id || (answer !== 'accept' && answer !== 'decline')) throw new DomainError('NOT_FOUND')
      return answer === 'accept' ? acceptMyInvitation(ctx, { kind, id }) : declineMyInvitation(ctx, { kind, id })
    }),
})

// Separate exports: Remix strips `loader` and `action` (and what only they use) from the browser build by name.
export const loader = route.loader
export const action = route.action
