import { SignUpPayload } from '~/auth/schemas'
import { ctxFor } from '~/services/context.server'
import { signUp } from '~/services/users.server'
import { apiCall, apiRoute, readJson } from './api.server'

export const { loader, action } = apiRoute({
  /** POST /api/v2/users: sign-up; a verification email follows. */
  POST: ({ request, context }) =>
    apiCall(
      async () => {
        const { preferences, ...rest } = await readJson(request, SignUpPayload)
        await signUp(ctxFor(null, context), { ...rest, ...preferences })
        return {}
      },
      { status: 201 },
    ),
})
