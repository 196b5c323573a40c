import { requireApiUser } from '~/auth/guards.server'
import { detectLocale } from '~/i18n/i18n.server'
import { ctxFor } from '~/services/context.server'
import { LoopExportQuerySchema } from '~/services/group-work/loop-export.schemas'
import { loopExportResponse } from '~/routes/groups/loops/export.server'
import { apiCall, apiRoute } from '../api.server'
import { queryOf } from './answers.server'

const route = apiRoute({
  /**
   * GET /api/v3/groups/{groupId}/loops/export?format=csv|xlsx&text=true: the group's loops as a
   * streamed file (docs/group-work.md "Export"), in the caller's language and time zone; owners
   * and leaders only (403 FORBIDDEN for anyone else who sees the group).
   */
  GET: ({ request, params, context }) =>
    apiCall(async () => {
      const actor = await requireApiUser(context)
      const ctx = ctxFor(actor, context)
      const query = queryOf(LoopExportQuerySchema, request.url)
      const locale = await detectLocale(request, actor.locale)
      return loopExportResponse(ctx, params.groupId!, query, { locale, timeZone: actor.timezone })
    }),
})

// Separate exports: Remix strips `loader` and `action` (and what only they use) from the browser build by name.
export const loader = route.loader
export const action = route.action
