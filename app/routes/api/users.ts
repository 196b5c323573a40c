import { SignUpPayload } from '~/auth/schemas'
import { ctxFor } from '~/services/context.server'
import { signUp } from '~/services/accounts/users.server'
import { apiCall, apiRoute, readJson } from './api.server'
import type { Answer, EmptyAnswer } from './openapi/operation'

const route = apiRoute({
  /** POST /api/v2/users: sign-up; a verification email follows. */
  POST: ({ request, context }) =>
    apiCall<Answer<typeof EmptyAnswer>>(
      async () => {
        const { preferences, ...rest } = await readJson(request, SignUpPayload)
        await signUp(ctxFor(null, context), { ...rest, ...preferences })
        return {}
      },
      { status: 201 },
    ),
})

// Separate exports: Remix strips `loader` and `action` (and what only they use) from the browser build by name.
export const loader = route.loader
export const action = route.action
