import { requireApiUser } from '~/auth/guards.server'
import { ctxFor } from '~/services/context.server'
import { requestEmailChange } from '~/services/profile/email-change.server'
import { EmailChangePayload } from '~/services/profile/profile.schemas'
import { apiCall, apiRoute, readJson } from '../api.server'
import type { Answer } from '../openapi/operation'
import type { EmailChangeAnswer } from './users.openapi'

const route = apiRoute({
  /**
   * POST /api/users/{userId}/email { email, password }: sends a confirmation link to the new
   * address ({ email, pending: true }); the address changes when it is followed.
   */
  POST: ({ request, params, context }) =>
    apiCall<Answer<typeof EmailChangeAnswer>>(async () => {
      const actor = await requireApiUser(context)
      const body = await readJson(request, EmailChangePayload)
      return requestEmailChange(ctxFor(actor, context), params.userId!, body)
    }),
})

// Separate exports: Remix strips `loader` and `action` (and what only they use) from the browser build by name.
export const loader = route.loader
export const action = route.action
