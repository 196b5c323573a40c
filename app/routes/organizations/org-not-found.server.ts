import type { AppLoadContext } from '@remix-run/node'
import { requireUser } from '~/auth/guards.server'
import { routeCall, type RouteCallOptions } from '~/http/route-call.server'
import { requireOrgAdmin } from '~/services/access.server'
import { ctxFor, type Ctx } from '~/services/context.server'

/**
 * routeCall's options for a service call of an organization screen. ORGANIZATION_NOT_FOUND (not
 * an admin of it, or no such organization) is a 404, which the organization layout shows as the
 * not-found screen without breadcrumbs. STRONG_AUTH_REQUIRED (the organization's two-step policy,
 * docs/auth.md) is a redirect to set it up, and back.
 */
export const ORGANIZATION_SCREEN = { notFound: ['ORGANIZATION_NOT_FOUND'], stepUp: true } as const satisfies RouteCallOptions

/**
 * The toast of an organization screen's action when the organization is inactive
 * (ORGANIZATION_INACTIVE: deactivated, e.g. in another tab, after the page was shown): back to
 * the screen, which then shows the inactive notice and leaves the action out.
 */
export const inactiveToast = (here: string) => ({ to: here, codes: ['ORGANIZATION_INACTIVE'] as const })

/**
 * The service context of an organization screen's action, for an admin of that organization
 * only: a signed-out visitor goes to sign in, anyone else gets 404 before the action looks at
 * its form (confirmation steps included).
 */
export async function requireOrgAdminCtx(request: Request, context: AppLoadContext, organizationId: string): Promise<Ctx> {
  const ctx = ctxFor(await requireUser(request, context), context)
  await routeCall(() => requireOrgAdmin(ctx, organizationId), ORGANIZATION_SCREEN)
  return ctx
}
