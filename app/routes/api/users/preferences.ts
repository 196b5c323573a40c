import { requireApiUser } from '~/auth/guards.server'
import { ctxFor } from '~/services/context.server'
import { PreferencesPayload } from '~/services/profile/profile.schemas'
import { requireSelf, updatePreferences } from '~/services/profile/profile.server'
import { toCurrentUser } from '~/services/accounts/users.server'
import { apiCall, apiRoute, readJson } from '../api.server'
import type { Answer } from '../openapi/operation'
import type { PreferencesAnswer } from './users.openapi'

const route = apiRoute({
  /**
   * PUT /api/v2/users/{userId}/preferences { locale?, timezone?, autoSignout? }: answers the
   * preferences as saved. A saved locale other than the page's makes the browser reload (spec section 2).
   */
  PUT: ({ request, params, context }) =>
    apiCall<Answer<typeof PreferencesAnswer>>(async () => {
      const actor = await requireApiUser(context)
      const ctx = ctxFor(actor, context)
      const body = await readJson(request, PreferencesPayload)
      await updatePreferences(ctx, params.userId!, body)
      const user = await ctx.db
        .selectFrom('users')
        .selectAll()
        .where('id', '=', requireSelf(ctx, params.userId!).id)
        .executeTakeFirstOrThrow()
      return toCurrentUser(user).preferences
    }),
})

// Separate exports: Remix strips `loader` and `action` (and what only they use) from the browser build by name.
export const loader = route.loader
export const action = route.action
