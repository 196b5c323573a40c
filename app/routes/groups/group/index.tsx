import { redirect, type LoaderFunctionArgs } from '@remix-run/node'
import { requireUser } from '~/auth/guards.server'
import { routeCall } from '~/http/route-call.server'
import { ctxFor } from '~/services/context.server'
import { requireGroupWork } from '~/services/group-work/group-work-access.server'
import { GROUP_SCREEN } from '../group-not-found.server'

/**
 * /groups/:groupId: the group's overview (the breadcrumb of the group's name links here). Whoever
 * may not see the group gets the not-found page, as on every group screen, not a redirect that
 * would tell the group exists.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const ctx = ctxFor(await requireUser(request, context), context)
  await routeCall(() => requireGroupWork(ctx, params.groupId!), GROUP_SCREEN)
  return redirect(`/groups/${params.groupId}/home`)
}
