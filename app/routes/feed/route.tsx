import type { LoaderFunctionArgs } from '@remix-run/node'
import { useLoaderData, useLocation, useNavigation } from '@remix-run/react'
import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { routeCall } from '~/http/route-call.server'
import { AppLink } from '~/ui/app-link'
import { getUser } from '~/auth/guards.server'
import { detectLocale } from '~/i18n/i18n.server'
import { ctxFor } from '~/services/context.server'
import { feedPage, markAlertsSeen } from '~/services/alerts/feed.server'
import { markFeedSeen } from '~/ui/layout/header-counts'
import { useRootData } from '~/ui/root-data'
import { renderFeed, type RenderedFeed } from './alert-text.server'
import { FeedList } from './feed-list'

export const handle = { breadcrumb: 'feed.title' }

/**
 * `/`: the signed-in user's feed of alerts, newest first, a page at a time (`?cursor=`), grouped
 * by day in the user's timezone; viewing it moves the user's "seen up to" mark (a read-tracking
 * write on GET, the accepted exception). Signed out: the welcome.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await getUser(context)
  if (!user) return { feed: null, seenAt: null }
  const ctx = ctxFor(user, context)
  const cursor = new URL(request.url).searchParams.get('cursor')
  const [page, locale] = await Promise.all([
    routeCall(() => feedPage(ctx, { cursor }), { failure: 'feed.loadError' }),
    detectLocale(request, user.locale),
  ])
  const seenAt = await routeCall(() => markAlertsSeen(ctx), { failure: 'feed.loadError' })
  return { feed: renderFeed(page, locale), seenAt }
}

export default function Feed() {
  const { feed, seenAt } = useLoaderData<typeof loader>()
  // The header's count and the tab title drop to zero, in every tab of the user.
  useEffect(() => {
    if (seenAt) markFeedSeen(seenAt)
  }, [seenAt])
  return feed ? <FeedScreen feed={feed} /> : <Welcome />
}

function FeedScreen({ feed }: { feed: RenderedFeed }) {
  const { t } = useTranslation()
  const location = useLocation()
  const navigation = useNavigation()
  const loading = navigation.state === 'loading' && navigation.location?.pathname === location.pathname
  const empty = feed.days.length === 0
  return (
    <section aria-labelledby="feed-title" aria-busy={loading || undefined} className="max-w-3xl">
      <h1 id="feed-title" className="mb-4 text-2xl font-bold">
        {t('feed.title')}
      </h1>
      {loading ? (
        <p role="status" className="mb-2 text-sm text-slate-600">
          {t('feed.loading')}
        </p>
      ) : null}
      {empty ? (
        <div className="rounded-lg bg-white p-6 shadow-sm ring-1 ring-slate-200">
          <p className="font-medium">{t(feed.isFirstPage ? 'feed.empty' : 'feed.emptyOlder')}</p>
          <p className="mt-1 text-slate-700">{t('feed.emptyHint')}</p>
        </div>
      ) : (
        <FeedList feed={feed} dimmed={loading} />
      )}
      <nav aria-label={t('feed.pages')} className="mt-4 flex gap-3">
        {feed.isFirstPage ? null : (
          <AppLink to="/" className="rounded-md border border-slate-300 bg-white px-4 py-2 text-sm font-medium hover:bg-slate-100">
            {t('feed.newest')}
          </AppLink>
        )}
        {feed.nextCursor ? (
          <AppLink
            to={`/?cursor=${encodeURIComponent(feed.nextCursor)}`}
            className="rounded-md border border-slate-300 bg-white px-4 py-2 text-sm font-medium hover:bg-slate-100"
          >
            {t('feed.older')}
          </AppLink>
        ) : null}
      </nav>
    </section>
  )
}

/** Signed out: what the product is, and the ways in. */
function Welcome() {
  const { t } = useTranslation()
  const root = useRootData()
  return (
    <section className="max-w-2xl">
      <h1 className="mb-2 text-2xl font-bold">{t('home.welcome', { brand: root?.brand })}</h1>
      <p className="mb-6 text-slate-700">{t('home.intro')}</p>
      <div className="flex flex-wrap gap-3">
        <AppLink to="/signin" className="rounded-md bg-brand-600 px-4 py-2 font-medium text-white hover:bg-brand-700">
          {t('header.signin')}
        </AppLink>
        <AppLink to="/signup" className="rounded-md border border-slate-300 bg-white px-4 py-2 font-medium hover:bg-slate-100">
          {t('signup.tab')}
        </AppLink>
      </div>
    </section>
  )
}

export { RouteErrorBoundary as ErrorBoundary } from '~/ui/route-error-boundary'
