import type { LoaderFunctionArgs } from '@remix-run/node'
import { requireApiUser } from '~/auth/guards.server'
import { toCurrentUser } from '~/services/users.server'

/** GET /api/users/me: the Current user (spec section 3). */
export async function loader({ context }: LoaderFunctionArgs) {
  return Response.json(toCurrentUser(await requireApiUser(context)))
}
