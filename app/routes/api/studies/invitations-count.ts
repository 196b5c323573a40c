import { requireApiUser } from '~/auth/guards.server'
import { DomainError } from '~/errors'
import { ctxFor } from '~/services/context.server'
import { organizationInvitationCount, studyInvitationCount } from '~/services/alerts/notification-counts.server'
import { apiCall, apiRoute } from '../api.server'
import { NO_STORE } from '../feeds/count-params'
import type { Answer } from '../openapi/operation'
import type { StudyInvitationCountsAnswer } from '../feeds/counts.openapi'

const route = apiRoute({
  /**
   * GET /api/v1/studies/invitations/count → `{ count }` of the pending group invitations addressed
   * to the user (spec section 7), and `groupCreator`, the pending group-creator invitations (the
   * inbox's other section of the organizations' invitations). It requires the X-Requested-With
   * header (400 without it), and is passive like the other polled counts.
   */
  GET: ({ request, context }) =>
    apiCall<Answer<typeof StudyInvitationCountsAnswer>>(async () => {
      if (!request.headers.get('X-Requested-With')) {
        throw new DomainError('BAD_REQUEST', { errors: { 'X-Requested-With': ['validation.required'] } })
      }
      const ctx = ctxFor(await requireApiUser(context), context)
      const [count, groupCreator] = await Promise.all([studyInvitationCount(ctx), organizationInvitationCount(ctx)])
      return { count, groupCreator }
    }, NO_STORE),
})

// Separate exports: Remix strips `loader` and `action` (and what only they use) from the browser build by name.
export const loader = route.loader
export const action = route.action
