import { EmailOnlySchema } from '~/auth/schemas'
import { ctxFor } from '~/services/context.server'
import { resendVerification } from '~/services/accounts/users.server'
import { apiCall, apiRoute, readJson } from './api.server'
import type { Answer, EmptyAnswer } from './openapi/operation'

const route = apiRoute({
  /** POST /api/verify-email/resend: the same answer whether or not the account exists. */
  POST: ({ request, context }) =>
    apiCall<Answer<typeof EmptyAnswer>>(async () => {
      await resendVerification(ctxFor(null, context), (await readJson(request, EmailOnlySchema)).email)
      return {}
    }),
})

// Separate exports: Remix strips `loader` and `action` (and what only they use) from the browser build by name.
export const loader = route.loader
export const action = route.action
