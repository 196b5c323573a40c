import { Outlet } from '@remix-run/react'
import { lazy, Suspense, useEffect, useState } from 'react'
import { useRootData } from '~/root'
import { Breadcrumbs } from '~/ui/layout/breadcrumbs'
import { Header } from '~/ui/layout/header'

// Loaded only for signed-in users, after hydration: the idle timer is no weight on other pages.
const IdleSession = lazy(() => import('~/browser/idle-session'))

/** Header, breadcrumbs and content for every screen outside the auth area. */
export default function AppLayout() {
  const root = useRootData()
  const [hydrated, setHydrated] = useState(false)
  useEffect(() => setHydrated(true), [])
  const user = root?.user ?? null
  return (
    <div className="flex min-h-screen flex-col">
      <Header brand={root?.brand ?? ''} user={user} />
      <main className="mx-auto w-full max-w-6xl flex-1 px-4 py-6">
        <Breadcrumbs brand={root?.brand ?? ''} />
        <Outlet />
      </main>
      {hydrated && user?.autoSignout.isActive ? (
        <Suspense fallback={null}>
          <IdleSession key={user.id} timeoutSeconds={user.autoSignout.timeoutSeconds} />
        </Suspense>
      ) : null}
    </div>
  )
}
