import { requireApiUser } from '~/auth/guards.server'
import { ctxFor } from '~/services/context.server'
import { NamePayload } from '~/services/profile/profile.schemas'
import { renameUser } from '~/services/profile/profile.server'
import { apiCall, apiRoute, readJson } from '../api.server'
import type { Answer } from '../openapi/operation'
import type { NameAnswer } from './users.openapi'

const route = apiRoute({
  /** PUT /api/users/{userId}/name { name }: the user's own name; another id is 404 USER_NOT_FOUND. */
  PUT: ({ request, params, context }) =>
    apiCall<Answer<typeof NameAnswer>>(async () => {
      const actor = await requireApiUser(context)
      const { name } = await readJson(request, NamePayload)
      return renameUser(ctxFor(actor, context), params.userId!, name)
    }),
})

// Separate exports: Remix strips `loader` and `action` (and what only they use) from the browser build by name.
export const loader = route.loader
export const action = route.action
