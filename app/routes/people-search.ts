import type { LoaderFunctionArgs } from '@remix-run/node'
import { getUser } from '~/auth/guards.server'
import { DomainError, errorResponse } from '~/errors'
import { ctxFor } from '~/services/context.server'
import { PeopleSearchSchema } from '~/services/members/people-search.schemas'
import { searchPeople } from '~/services/members/people-search.server'

/**
 * GET /people/search?for=new-group|group-owner&organizationId=…&q=… or ?for=group-invite&groupId=…&q=…:
 * the people picker's search with JavaScript (JSON, `{ people: PersonChoice[] }`). Each `for`
 * keeps the permission check of the place it serves (services/members/people-search.server.ts): anyone
 * else gets that check's 404 (or 403), the signed-out 401 SESSION_NOT_FOUND.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  // Called by the page's script: signed out is the API's 401, not a redirect to sign in.
  const user = await getUser(context)
  if (!user) return errorResponse('SESSION_NOT_FOUND')
  const query = PeopleSearchSchema.safeParse(Object.fromEntries(new URL(request.url).searchParams))
  if (!query.success) return errorResponse('BAD_REQUEST')
  const { q, ...scope } = query.data
  try {
    const people = await searchPeople(ctxFor(user, context), scope, q)
    return Response.json({ people }, { headers: { 'Cache-Control': 'no-store' } })
  } catch (error) {
    // With the error's data: STRONG_AUTH_REQUIRED's setupUrl (the organization's two-step policy).
    if (error instanceof DomainError) return Response.json({ message: error.code, ...error.data }, { status: error.status })
    throw error
  }
}
