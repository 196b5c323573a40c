import type { AppLoadContext } from '@remix-run/node'
import { requireUser } from '~/auth/guards.server'
import { DomainError } from '~/errors'
import { requireOrgAdmin } from '~/services/access.server'
import { ctxFor, type Ctx } from '~/services/context.server'
import { redirectWithToast } from '~/http/toast.server'
import { redirect } from '@remix-run/node'

/**
 * Runs a service call of an organization screen. ORGANIZATION_NOT_FOUND (not an admin of it, or
 * no such organization) becomes a thrown 404, which the organization layout shows as the
 * not-found screen without breadcrumbs. STRONG_AUTH_REQUIRED (the organization's two-step policy,
 * docs/auth.md) becomes a redirect to set it up, and back.
 */
export async function orNotFound<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call()
  } catch (error) {
    if (error instanceof DomainError && error.code === 'ORGANIZATION_NOT_FOUND') throw new Response('Not found', { status: 404 })
    throw strongAuthRedirect(error) ?? error
  }
}

/** STRONG_AUTH_REQUIRED as the redirect of a screen to its setupUrl (with `back`, the screen's path, when known); null for another error. */
export function strongAuthRedirect(error: unknown, back?: string): Response | null {
  if (!(error instanceof DomainError && error.code === 'STRONG_AUTH_REQUIRED')) return null
  const url = String(error.data?.setupUrl ?? '/')
  return redirect(back ? url.replace(/redirectTo=[^&#]*/, `redirectTo=${encodeURIComponent(back)}`) : url)
}

/**
 * The service context of an organization screen's action, for an admin of that organization
 * only: a signed-out visitor goes to sign in, anyone else gets 404 before the action looks at
 * its form (confirmation steps included).
 */
export async function requireOrgAdminCtx(request: Request, context: AppLoadContext, organizationId: string): Promise<Ctx> {
  const ctx = ctxFor(await requireUser(request, context), context)
  await orNotFound(() => requireOrgAdmin(ctx, organizationId))
  return ctx
}

/**
 * Runs the change of an organization screen's action. ORGANIZATION_INACTIVE (the organization was
 * deactivated, e.g. in another tab, after the page was shown) goes back to the screen with that
 * error as a toast (a thrown redirect, which orRouteFailure passes on); the screen then shows the inactive notice and leaves the action out.
 */
export async function orInactiveToast<T>(here: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call()
  } catch (error) {
    if (error instanceof DomainError && error.code === 'ORGANIZATION_INACTIVE')
      throw await redirectWithToast(here, { key: 'errors.ORGANIZATION_INACTIVE', type: 'error' })
    throw error
  }
}
