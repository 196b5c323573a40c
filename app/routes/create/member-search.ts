import type { LoaderFunctionArgs } from '@remix-run/node'
import { getUser } from '~/auth/guards.server'
import { DomainError, errorResponse } from '~/errors'
import { ctxFor } from '~/services/context.server'
import { MemberSearchSchema } from '~/services/group-creation.schemas'
import { searchMembersForNewGroup } from '~/services/group-creation.server'

/**
 * GET /create/members?organizationId=…&q=…: the create screen's member picker (JSON,
 * `{ members: [{ _id, name, email }] }`, at most MEMBER_SEARCH_LIMIT by name). Only for those who
 * may create groups in the organization; anyone else gets 404 ORGANIZATION_NOT_FOUND, the
 * signed-out 401 SESSION_NOT_FOUND.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  // Called by the page's script: signed out is the API's 401, not a redirect to sign in.
  const user = await getUser(context)
  if (!user) return errorResponse('SESSION_NOT_FOUND')
  const query = MemberSearchSchema.safeParse(Object.fromEntries(new URL(request.url).searchParams))
  if (!query.success) return errorResponse('BAD_REQUEST')
  try {
    const members = await searchMembersForNewGroup(ctxFor(user, context), query.data.organizationId, query.data.q)
    return Response.json({ members }, { headers: { 'Cache-Control': 'no-store' } })
  } catch (error) {
    if (error instanceof DomainError) return errorResponse(error.code)
    throw error
  }
}
