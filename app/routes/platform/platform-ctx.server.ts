import type { AppLoadContext } from '@remix-run/node'
import { requireUser } from '~/auth/guards.server'
import type { RouteCallOptions } from '~/http/route-call.server'
import { ctxFor, type Ctx } from '~/services/context.server'
import { isPlatformAdmin } from '~/services/platform/platform.server'

/**
 * The service context of a platform screen, for platform admins only: a signed-out visitor signs
 * in first, anyone else gets the not-found screen (the platform screens do not exist for them).
 */
export async function platformCtx(request: Request, context: AppLoadContext): Promise<Ctx> {
  const ctx = ctxFor(await requireUser(request, context), context)
  if (!isPlatformAdmin(ctx)) throw new Response('Not found', { status: 404 })
  return ctx
}

/** routeCall's options for a platform service call: NOT_FOUND (an unknown organization) is the not-found screen. */
export const PLATFORM_SCREEN = { notFound: ['NOT_FOUND'] } as const satisfies RouteCallOptions
