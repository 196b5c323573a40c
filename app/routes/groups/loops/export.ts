import type { LoaderFunctionArgs } from '@remix-run/node'
import { requireUser } from '~/auth/guards.server'
import { DomainError, methodNotAllowed } from '~/errors'
import { routeCall } from '~/http/route-call.server'
import { detectLocale } from '~/i18n/i18n.server'
import { ctxFor } from '~/services/context.server'
import { LoopExportQuerySchema } from '~/services/group-work/loop-export.schemas'
import { requireGroupWork } from '~/services/group-work/group-work-access.server'
import { GROUP_SCREEN } from '../group-not-found.server'
import { loopExportResponse } from './export.server'

/**
 * /groups/:groupId/loops/export?format=csv|xlsx&text=1 (the Loops tab's export form, a GET form
 * that downloads with and without JavaScript): the group's loops as a file, for the owner and the
 * leaders (docs/group-work.md "Export"). Anyone else who sees the group, and a bad format, goes
 * back to the Loops tab with the reason as an error toast; who does not see the group gets the
 * not-found page.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const actor = await requireUser(request, context)
  const ctx = ctxFor(actor, context)
  const locale = await detectLocale(request, actor.locale)
  return routeCall(
    async () => {
      // The group's access (not found, the organization's two-step policy) is answered before the query's format.
      await requireGroupWork(ctx, params.groupId!)
      const query = LoopExportQuerySchema.safeParse(Object.fromEntries(new URL(request.url).searchParams))
      if (!query.success) throw new DomainError('BAD_REQUEST', { errors: query.error.flatten().fieldErrors })
      return loopExportResponse(ctx, params.groupId!, query.data, { locale, timeZone: actor.timezone })
    },
    {
      ...GROUP_SCREEN,
      toast: { to: `/groups/${params.groupId}/loops`, keys: { BAD_REQUEST: 'loops.export.badFormat' } },
      failure: 'loops.export.error',
    },
  )
}

export const action = () => methodNotAllowed('GET, HEAD')
