import { TokenPayload } from '~/auth/schemas'
import { ctxFor } from '~/services/context.server'
import { checkPasswordResetToken } from '~/services/users.server'
import { apiCall, apiRoute, readJson } from './api.server'

export const { loader, action } = apiRoute({
  /** POST /api/password-reset/verify-token: is the reset token still good? (does not use it) */
  POST: ({ request, context }) =>
    apiCall(async () => checkPasswordResetToken(ctxFor(null, context), (await readJson(request, TokenPayload)).token)),
})
