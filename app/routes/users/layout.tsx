import { data, type LoaderFunctionArgs } from '@remix-run/node'
import { Outlet, useLoaderData } from '@remix-run/react'
import { requireUser } from '~/auth/guards.server'
import { devRoutesEnabled } from '~/env.server'
import { routeCall } from '~/http/route-call.server'
import { withArea } from '~/i18n/client'
import { ctxFor } from '~/services/context.server'
import { visibleUserName } from '~/services/profile/profile.server'
import { ErrorScreen } from '~/ui/error-screen'
import type { Breadcrumb } from '~/ui/layout/breadcrumbs'
import { userIdOf } from './user-id'

export interface UserLayoutData {
  user: { id: string; name: string } | null
}

/** The user's name replaces their id in the breadcrumbs (spec section 2); unknown (null) hides them. */
const breadcrumb: Breadcrumb = (loaderData) => {
  const user = (loaderData as UserLayoutData | undefined)?.user
  return user ? { label: user.name } : null
}
export const handle = { breadcrumb, i18nArea: 'profile' }
export const clientLoader = withArea('profile')

/**
 * /users/:id/* (and /beta-users/:uid/* outside production): a user the actor may see (themself,
 * or someone sharing an organization or a group); anyone else is the not-found screen, 404.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  if (params.uid !== undefined && !devRoutesEnabled()) throw new Response('Not found', { status: 404 })
  const actor = await requireUser(request, context)
  const userId = userIdOf(params)
  const name = await routeCall(() => visibleUserName(ctxFor(actor, context), userId), { failure: 'profile.loadError' })
  if (name === null) return data<UserLayoutData>({ user: null }, { status: 404 })
  return data<UserLayoutData>({ user: { id: userId, name } })
}

export { RouteErrorBoundary as ErrorBoundary } from '~/ui/route-error-boundary'

export default function UserLayout() {
  const { user } = useLoaderData<typeof loader>()
  if (!user) return <ErrorScreen status={404} />
  return <Outlet />
}
