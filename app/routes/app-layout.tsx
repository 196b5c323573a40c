import type { LoaderFunctionArgs } from '@remix-run/node'
import { Outlet, useLoaderData } from '@remix-run/react'
import { lazy, Suspense } from 'react'
import { useTranslation } from 'react-i18next'
import { getUser } from '~/auth/guards.server'
import { useAppLinkNavigation } from '~/ui/app-link'
import { useRootData } from '~/ui/root-data'
import { ctxFor } from '~/services/context.server'
import { sideMenuFor } from '~/services/groups/menu.server'
import { useHydrated } from '~/ui/use-hydrated'
import { Breadcrumbs } from '~/ui/layout/breadcrumbs'
import { Header } from '~/ui/layout/header'
import { SideMenu } from '~/ui/layout/side-menu'
import { PAGE_TOASTS_HANDLE, Toaster } from '~/ui/toaster'

// Loaded only for signed-in users, after hydration: the idle timer is no weight on other pages.
const IdleSession = lazy(() => import('~/browser/idle-session'))
// The header's counts refresh every 60 s while the tab is visible (signed in only).
const CountPolling = lazy(() => import('~/browser/count-polling'))

/** The result of the last action is shown at the top of <main> (see Toaster). */
export const handle = PAGE_TOASTS_HANDLE

export async function loader({ context }: LoaderFunctionArgs) {
  const user = await getUser(context)
  return { menu: user ? await sideMenuFor(ctxFor(user, context)) : null }
}

// The menu changes only with memberships: not on every search or page of a list.
export const shouldRevalidate = ({ formMethod, defaultShouldRevalidate }: { formMethod?: string; defaultShouldRevalidate: boolean }) =>
  formMethod !== undefined && formMethod !== 'GET' ? defaultShouldRevalidate : false

/** Header, side menu, breadcrumbs and content for every screen outside the auth area. */
export default function AppLayout() {
  const { t } = useTranslation()
  const root = useRootData()
  const { menu } = useLoaderData<typeof loader>()
  const hydrated = useHydrated()
  const navigateLinks = useAppLinkNavigation()
  const user = root?.user ?? null
  return (
    // The AppLinks of the header, side menu and pages navigate on the client through this one
    // handler (ui/app-link.tsx); a click here on anything else is left alone. The clicks are the
    // links' own, which the keyboard gives too (Enter on a link), so the div needs no key handler.
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-static-element-interactions -- delegation, see above
    <div className="relative flex min-h-screen flex-col" onClick={navigateLinks}>
      {/* The first thing Tab reaches: past the header and side menu to the page itself. */}
      <a
        href="#main-content"
        className="sr-only focus:not-sr-only focus:fixed focus:left-4 focus:top-4 focus:z-50 focus:rounded-md focus:bg-white focus:px-4 focus:py-2 focus:font-medium focus:text-brand-700 focus:shadow-lg focus:ring-2 focus:ring-brand-600"
      >
        {t('common.skipToContent')}
      </a>
      <Header brand={root?.brand ?? ''} user={user} />
      {/* On a phone the side menu is a drawer (no height here), so no gap between it and the page. */}
      <div className="mx-auto flex w-full max-w-7xl flex-1 flex-col px-4 py-4 md:flex-row md:gap-6 md:py-6">
        {menu ? <SideMenu menu={menu} /> : null}
        <main id="main-content" tabIndex={-1} className="min-w-0 flex-1 focus:outline-none">
          <Toaster toast={root?.toast ?? null} placement="page" />
          <Breadcrumbs brand={root?.brand ?? ''} />
          <Outlet />
        </main>
      </div>
      {hydrated && user ? (
        <Suspense fallback={null}>
          <CountPolling key={user.id} />
        </Suspense>
      ) : null}
      {hydrated && user?.autoSignout.isActive ? (
        <Suspense fallback={null}>
          {/* Keyed by the timeout too: a changed setting mounts a new timer (react-idle-timer #407). */}
          <IdleSession key={`${user.id}:${user.autoSignout.timeoutSeconds}`} timeoutSeconds={user.autoSignout.timeoutSeconds} />
        </Suspense>
      ) : null}
    </div>
  )
}
