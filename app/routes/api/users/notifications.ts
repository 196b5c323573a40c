import { requireApiUser } from '~/auth/guards.server'
import { ctxFor } from '~/services/context.server'
import { NotificationsPayload } from '~/services/profile/profile.schemas'
import { updateNotifications } from '~/services/profile/profile.server'
import { apiCall, apiRoute, readJson } from '../api.server'
import type { Answer } from '../openapi/operation'
import type { NotificationsAnswer } from './users.openapi'

const route = apiRoute({
  /** PUT /api/v1/users/{userId}/preferences/notifications { unsubscribedTemplates }: the list as saved. */
  PUT: ({ request, params, context }) =>
    apiCall<Answer<typeof NotificationsAnswer>>(async () => {
      const actor = await requireApiUser(context)
      const { unsubscribedTemplates } = await readJson(request, NotificationsPayload)
      return updateNotifications(ctxFor(actor, context), params.userId!, unsubscribedTemplates)
    }),
})

// Separate exports: Remix strips `loader` and `action` (and what only they use) from the browser build by name.
export const loader = route.loader
export const action = route.action
