import { data, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Links, Meta, Outlet, Scripts, ScrollRestoration, useLoaderData, useMatches } from '@remix-run/react'
import { lazy, Suspense, useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { sessionOf } from '~/auth/guards.server'
import { env } from '~/env.server'
import { DEFAULT_TIMEZONE } from '~/i18n/config'
import { detectLocale, tFor } from '~/i18n/i18n.server'
import { ctxFor } from '~/services/context.server'
import { FEED_PATH } from '~/services/alerts/feed.server'
import { headerCounts } from '~/services/alerts/notification-counts.server'
import { TabTitle } from '~/ui/layout/tab-title'
import { useNonce } from '~/ui/nonce'
import { useRootData, type RootData } from '~/ui/root-data'
import { useHydrated } from '~/ui/use-hydrated'
import { Toaster } from '~/ui/toaster'
import { readToast, translateToast } from '~/http/toast.server'
import stylesheet from '~/styles/app.css?url'

// The version check and telemetry (ADR 011): their own chunk, loaded after hydration, so none of
// it weighs on the first route's JavaScript.
const BackgroundWork = lazy(() => import('~/browser/background-work'))

export const links = () => [
  { rel: 'stylesheet', href: stylesheet },
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
]

export async function loader({ request, context }: LoaderFunctionArgs) {
  const session = await sessionOf(context)
  const user = session.status === 'active' ? session.user : null
  const locale = await detectLocale(request, user?.locale)
  const { toast, clear } = await readToast(request)
  // The badges and the tab title's number, right in the first HTML (the feed itself sees all).
  const counts = user ? await headerCounts(ctxFor(user, context), { viewingFeed: new URL(request.url).pathname === FEED_PATH }) : null
  return data<RootData>(
    {
      locale,
      brand: env().BRAND_NAME,
      timezone: user?.timezone ?? DEFAULT_TIMEZONE,
      user: user && {
        id: user.id,
        name: user.name,
        email: user.email,
        profilePic: user.profile_pic,
        isPlatformAdmin: Number(user.is_platform_admin) === 1,
        autoSignout: { isActive: user.auto_signout_active === 1, timeoutSeconds: user.auto_signout_seconds },
      },
      counts,
      // Translated here: a toast may name a message of an area this page does not load (the
      // invitation code's success lands on the feed), and the browser must show the same text.
      toast: toast && translateToast(tFor(locale), toast),
      telemetry: !user || Number(user.telemetry_opt_out) !== 1,
    },
    { headers: clear ? { 'Set-Cookie': clear } : undefined },
  )
}
// The <title> is TabTitle's ("(N) Brand"), kept right as the counts change in the browser.
export const meta: MetaFunction<typeof loader> = () => []

export function Layout({ children }: { children: React.ReactNode }) {
  const root = useRootData()
  const nonce = useNonce()
  const { i18n } = useTranslation()
  const locale = root?.locale ?? i18n.language ?? 'sv'
  // Message areas this page needs beyond core (routes say so in handle.i18nArea).
  const areas = new Set(['core'])
  for (const match of useMatches()) {
    const area = (match.handle as { i18nArea?: string } | undefined)?.i18nArea
    if (area) areas.add(area)
  }
  return (
    <html lang={locale} className="h-full" data-i18n-areas={[...areas].join(' ')}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <TabTitle brand={root?.brand ?? 'Groups'} />
        <Meta />
        <Links />
      </head>
      <body className="min-h-full">
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  )
}

export default function App() {
  const { locale, toast, telemetry, user } = useLoaderData<typeof loader>()
  const { i18n } = useTranslation()
  const hydrated = useHydrated()
  // Marks the page as interactive (tests and support tools can wait for it).
  useEffect(() => {
    document.documentElement.dataset.hydrated = ''
  }, [])
  // The saved locale of a user who just signed in may differ from the page's: reload fully.
  useEffect(() => {
    if (i18n.language && i18n.language !== locale) window.location.reload()
  }, [locale, i18n.language])
  return (
    <>
      <Outlet />
      <Toaster toast={toast} />
      {hydrated ? (
        <Suspense fallback={null}>
          <BackgroundWork telemetry={telemetry} signedIn={Boolean(user)} />
        </Suspense>
      ) : null}
    </>
  )
}

export { RootErrorBoundary as ErrorBoundary } from '~/ui/route-error-boundary'
