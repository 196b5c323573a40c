import { NewPasswordPayload } from '~/auth/schemas'
import { ctxFor } from '~/services/context.server'
import { resetPassword } from '~/services/users.server'
import { apiCall, apiRoute, readJson } from './api.server'

export const { loader, action } = apiRoute({
  /** POST /api/password-reset/new-password: sets the password and revokes every session. */
  POST: ({ request, context }) =>
    apiCall(async () => {
      await resetPassword(ctxFor(null, context), await readJson(request, NewPasswordPayload))
      return {}
    }),
})
