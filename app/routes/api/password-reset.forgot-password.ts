import { EmailOnlySchema } from '~/auth/schemas'
import { ctxFor } from '~/services/context.server'
import { requestPasswordReset } from '~/services/accounts/users.server'
import { apiCall, apiRoute, readJson } from './api.server'
import type { Answer, EmptyAnswer } from './openapi/operation'

const route = apiRoute({
  /** POST /api/password-reset/forgot-password: the same answer whether or not the account exists. */
  POST: ({ request, context }) =>
    apiCall<Answer<typeof EmptyAnswer>>(async () => {
      const { email } = await readJson(request, EmailOnlySchema)
      await requestPasswordReset(ctxFor(null, context), email)
      return {}
    }),
})

// Separate exports: Remix strips `loader` and `action` (and what only they use) from the browser build by name.
export const loader = route.loader
export const action = route.action
