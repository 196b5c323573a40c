import { requireApiUser } from '~/auth/guards.server'
import { ctxFor } from '~/services/context.server'
import { getRetention, setRetention } from '~/services/group-work/retention.server'
import { apiCall, apiRoute, readJson } from '../api.server'
import type { Answer } from '../openapi/operation'
import { RetentionBody, type RetentionAnswer } from './retention.openapi'

const route = apiRoute({
  /** GET /api/v3/groups/{groupId}/retention: the period and purpose (docs/group-work.md "Retention"). */
  GET: ({ params, context }) =>
    apiCall<Answer<typeof RetentionAnswer>>(async () => getRetention(ctxFor(await requireApiUser(context), context), params.groupId!)),
  /** PUT /api/v3/groups/{groupId}/retention: sets them (the owner, an organization admin), answered with the retention as it is now. */
  PUT: ({ request, params, context }) =>
    apiCall<Answer<typeof RetentionAnswer>>(async () => {
      const ctx = ctxFor(await requireApiUser(context), context)
      const body = await readJson(request, RetentionBody)
      await setRetention(ctx, params.groupId!, body)
      return getRetention(ctx, params.groupId!)
    }),
})

// Separate exports: Remix strips `loader` and `action` (and what only they use) from the browser build by name.
export const loader = route.loader
export const action = route.action
