import { requireApiUser } from '~/auth/guards.server'
import { DomainError } from '~/errors'
import { ctxFor } from '~/services/context.server'
import { studyInvitationCount } from '~/services/notification-counts.server'
import { apiCall, apiRoute } from '../api.server'
import { NO_STORE } from '../feeds/count-params'

const route = apiRoute({
  /**
   * GET /api/v1/studies/invitations/count → `{ count }` of the pending group invitations addressed
   * to the user (spec section 7). It requires the X-Requested-With header (400 without it), and is
   * passive like the other polled counts.
   */
  GET: ({ request, context }) =>
    apiCall(async () => {
      if (!request.headers.get('X-Requested-With')) {
        throw new DomainError('BAD_REQUEST', { errors: { 'X-Requested-With': ['validation.required'] } })
      }
      return { count: await studyInvitationCount(ctxFor(await requireApiUser(context), context)) }
    }, NO_STORE),
})

// Separate exports: Remix strips `loader` and `action` (and what only they use) from the browser build by name.
export const loader = route.loader
export const action = route.action
