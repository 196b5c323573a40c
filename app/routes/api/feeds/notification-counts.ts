import { requireApiUser } from '~/auth/guards.server'
import { DomainError } from '~/errors'
import { ctxFor } from '~/services/context.server'
import { alertCounts, packageInvitationCount } from '~/services/alerts/notification-counts.server'
import { apiCall, apiRoute } from '../api.server'
import { NO_STORE, parseTimestamp } from './count-params'
import type { Answer } from '../openapi/operation'
import type { NotificationCountsAnswer } from './counts.openapi'

const route = apiRoute({
  /**
   * GET /api/v1/feeds/notifications/counts?timestamp= → `{ new, old }` (alerts after / up to the
   * mark); `?domain=package&type=package.invitation.new` → `{ count }` (spec section 7). Polled
   * by the header every 60 s: passive, it does not extend the session.
   */
  GET: ({ request, context }) =>
    apiCall<Answer<typeof NotificationCountsAnswer>>(async () => {
      const ctx = ctxFor(await requireApiUser(context), context)
      const query = new URL(request.url).searchParams
      const domain = query.get('domain')
      if (domain !== null) {
        if (domain !== 'package' || query.get('type') !== 'package.invitation.new') {
          throw new DomainError('BAD_REQUEST', { errors: { domain: ['validation.countType'] } })
        }
        return { count: await packageInvitationCount(ctx) }
      }
      return alertCounts(ctx, { timestamp: parseTimestamp(query.get('timestamp')) })
    }, NO_STORE),
})

// Separate exports: Remix strips `loader` and `action` (and what only they use) from the browser build by name.
export const loader = route.loader
export const action = route.action
