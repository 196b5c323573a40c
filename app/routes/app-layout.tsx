import type { LoaderFunctionArgs } from '@remix-run/node'
import { Outlet, useLoaderData } from '@remix-run/react'
import { lazy, Suspense } from 'react'
import { getUser } from '~/auth/guards.server'
import { useRootData } from '~/ui/root-data'
import { ctxFor } from '~/services/context.server'
import { sideMenuFor } from '~/services/menu.server'
import { useHydrated } from '~/ui/bulk'
import { Breadcrumbs } from '~/ui/layout/breadcrumbs'
import { Header } from '~/ui/layout/header'
import { SideMenu } from '~/ui/layout/side-menu'

// Loaded only for signed-in users, after hydration: the idle timer is no weight on other pages.
const IdleSession = lazy(() => import('~/browser/idle-session'))

export async function loader({ context }: LoaderFunctionArgs) {
  const user = await getUser(context)
  return { menu: user ? await sideMenuFor(ctxFor(user, context)) : null }
}

// The menu changes only with memberships: not on every search or page of a list.
export const shouldRevalidate = ({ formMethod, defaultShouldRevalidate }: { formMethod?: string; defaultShouldRevalidate: boolean }) =>
  formMethod !== undefined && formMethod !== 'GET' ? defaultShouldRevalidate : false

/** Header, side menu, breadcrumbs and content for every screen outside the auth area. */
export default function AppLayout() {
  const root = useRootData()
  const { menu } = useLoaderData<typeof loader>()
  const hydrated = useHydrated()
  const user = root?.user ?? null
  return (
    <div className="flex min-h-screen flex-col">
      <Header brand={root?.brand ?? ''} user={user} />
      <div className="mx-auto flex w-full max-w-7xl flex-1 flex-col gap-6 px-4 py-6 md:flex-row">
        {menu ? <SideMenu menu={menu} /> : null}
        <main className="min-w-0 flex-1">
          <Breadcrumbs brand={root?.brand ?? ''} />
          <Outlet />
        </main>
      </div>
      {hydrated && user?.autoSignout.isActive ? (
        <Suspense fallback={null}>
          <IdleSession key={user.id} timeoutSeconds={user.autoSignout.timeoutSeconds} />
        </Suspense>
      ) : null}
    </div>
  )
}
