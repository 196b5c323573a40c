import { TokenPayload } from '~/auth/schemas'
import { ctxFor } from '~/services/context.server'
import { checkPasswordResetToken } from '~/services/accounts/users.server'
import { apiCall, apiRoute, readJson } from './api.server'
import type { Answer } from './openapi/operation'
import type { TokenValidAnswer } from './auth.openapi'

const route = apiRoute({
  /** POST /api/password-reset/verify-token: is the reset token still good? (does not use it) */
  POST: ({ request, context }) =>
    apiCall<Answer<typeof TokenValidAnswer>>(async () =>
      checkPasswordResetToken(ctxFor(null, context), (await readJson(request, TokenPayload)).token),
    ),
})

// Separate exports: Remix strips `loader` and `action` (and what only they use) from the browser build by name.
export const loader = route.loader
export const action = route.action
