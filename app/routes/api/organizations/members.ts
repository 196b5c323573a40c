import { requireApiUser } from '~/auth/guards.server'
import { DomainError } from '~/errors'
import { ctxFor } from '~/services/context.server'
import { MemberListParams } from '~/services/members/members.schemas'
import { memberBatches } from '~/services/members/member-batches.server'
import { jsonArrayResponse } from '~/utils/json-stream.server'
import { apiCall, apiRoute } from '../api.server'
import type { Answer } from '../openapi/operation'
import type { MemberAnswer } from './organizations.openapi'

/** The response header with the cursor of the next page (only with `limit`, only when there is one). */
export const NEXT_CURSOR_HEADER = 'X-Next-Cursor'

/**
 * GET /api/v1/organizations/{id}/members: every member by name (spec section 3 Organization
 * member: `_id`, `created`, `lastRequest` when known; with name, email, isAdmin, isGroupCreator),
 * streamed as it is read. Optional `?limit=1..1000&cursor=…`: one page, the body still the list,
 * and X-Next-Cursor (with a Link rel="next") when more follow. A bad limit or cursor is 400.
 */
const route = apiRoute({
  GET: ({ request, params, context }) =>
    apiCall(async () => {
      const ctx = ctxFor(await requireApiUser(context), context)
      const url = new URL(request.url)
      const parsed = MemberListParams.safeParse(Object.fromEntries(url.searchParams))
      if (!parsed.success) throw new DomainError('BAD_REQUEST', { errors: parsed.error.flatten().fieldErrors })
      const { batches, nextCursor } = await memberBatches(ctx, params.organizationId!, parsed.data)
      if (parsed.data.limit === undefined) return jsonArrayResponse(batches)
      const page: Answer<typeof MemberAnswer>[] = []
      for await (const batch of batches) page.push(...batch)
      const next = nextCursor()
      const headers = new Headers()
      if (next) {
        const link = new URL(url)
        link.searchParams.set('cursor', next)
        headers.set(NEXT_CURSOR_HEADER, next)
        headers.set('Link', `<${link.pathname}${link.search}>; rel="next"`)
      }
      return Response.json(page, { headers })
    }),
})

// Separate exports: Remix strips `loader` and `action` (and what only they use) from the browser build by name.
export const loader = route.loader
export const action = route.action
