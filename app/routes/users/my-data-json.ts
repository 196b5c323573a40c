import type { LoaderFunctionArgs } from '@remix-run/node'
import { requireUser } from '~/auth/guards.server'
import { methodNotAllowed } from '~/errors'
import { routeCall } from '~/http/route-call.server'
import { ctxFor } from '~/services/context.server'
import { exportMyData } from '~/services/profile/my-data.server'
import { PROFILE_SCREEN } from './user-not-found.server'

/** GET /users/:id/my-data.json: everything the product holds about the user, as a download. Own data only. */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const actor = await requireUser(request, context)
  const body = await routeCall(() => exportMyData(ctxFor(actor, context), params.id ?? ''), PROFILE_SCREEN)
  // The day in the user's timezone (ISO form), like every date the product shows.
  const day = new Intl.DateTimeFormat('en-CA', { timeZone: actor.timezone, dateStyle: 'short' }).format(new Date(body.exportedAt))
  return new Response(JSON.stringify(body, null, 2), {
    headers: {
      'Content-Type': 'application/json; charset=utf-8',
      'Content-Disposition': `attachment; filename="my-data-${day}.json"`,
      'Cache-Control': 'private, no-store',
    },
  })
}

export const action = () => methodNotAllowed('GET, HEAD')
