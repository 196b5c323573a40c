import { NewPasswordPayload } from '~/auth/schemas'
import { ctxFor } from '~/services/context.server'
import { resetPassword } from '~/services/accounts/users.server'
import { apiCall, apiRoute, readJson } from './api.server'
import type { Answer, EmptyAnswer } from './openapi/operation'

const route = apiRoute({
  /** POST /api/password-reset/new-password: sets the password and revokes every session. */
  POST: ({ request, context }) =>
    apiCall<Answer<typeof EmptyAnswer>>(async () => {
      await resetPassword(ctxFor(null, context), await readJson(request, NewPasswordPayload))
      return {}
    }),
})

// Separate exports: Remix strips `loader` and `action` (and what only they use) from the browser build by name.
export const loader = route.loader
export const action = route.action
