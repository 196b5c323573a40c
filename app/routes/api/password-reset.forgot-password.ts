import { EmailOnlySchema } from '~/auth/schemas'
import { ctxFor } from '~/services/context.server'
import { requestPasswordReset } from '~/services/users.server'
import { apiCall, apiRoute, readJson } from './api.server'

export const { loader, action } = apiRoute({
  /** POST /api/password-reset/forgot-password: the same answer whether or not the account exists. */
  POST: ({ request, context }) =>
    apiCall(async () => {
      const { email } = await readJson(request, EmailOnlySchema)
      await requestPasswordReset(ctxFor(null, context), email)
      return {}
    }),
})
