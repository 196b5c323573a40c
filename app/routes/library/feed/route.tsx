import type { LoaderFunctionArgs } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { routeCall } from '~/http/route-call.server'
import { AppLink } from '~/ui/app-link'
import { requireUser } from '~/auth/guards.server'
import { ctxFor } from '~/services/context.server'
import { packageFeed } from '~/services/library/feed.server'
import { Alert } from '~/ui/alert'
import { buttonClass } from '~/ui/button'
import { useFormatters } from '~/ui/format'
import { Pagination, useListLoading } from '~/ui/list-controls'
import { redirectPastLastPage } from '~/utils/list-page.server'
import { libraryPaths } from '../paths'
import { FeedFilters } from './feed-filters'
import { feedQueryOf } from './feed-query'
import { PackageList } from './package-list'

/**
 * /library: the package feed (spec section 2, "/library"): the packages the user owns or that are shared
 * with them, with search, filters, sort and page in the URL, and their pending invitations. The
 * section's "Library" crumb names it.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context)
  const query = feedQueryOf(new URL(request.url))
  const feed = await routeCall(() => packageFeed(ctxFor(user, context), query), { failure: 'library.loadError' })
  redirectPastLastPage(request, feed)
  return { feed, query, userId: user.id }
}

export { RouteErrorBoundary as ErrorBoundary } from '~/ui/route-error-boundary'

export default function LibraryFeed() {
  const { t } = useTranslation()
  const { date } = useFormatters()
  const { feed, query, userId } = useLoaderData<typeof loader>()
  const loading = useListLoading()
  const filtered = Boolean(query.q || query.scope !== 'all' || query.language || query.tag)
  return (
    <div className="flex flex-col gap-6">
      <section aria-labelledby="library-title" aria-busy={loading || undefined}>
        <div className="mb-1 flex flex-wrap items-center justify-between gap-3">
          <h1 id="library-title" className="text-2xl font-bold">
            {t('library.title')}
          </h1>
          <AppLink to={libraryPaths.newStep(1)} className={buttonClass()}>
            {t('library.feed.newPackage')}
          </AppLink>
        </div>
        <p className="mb-4 max-w-3xl text-slate-700">{t('library.feed.intro')}</p>

        {feed.invitations.length ? (
          <section aria-labelledby="library-invitations" className="mb-6 rounded-lg bg-brand-50 p-4 ring-1 ring-brand-100">
            <h2 id="library-invitations" className="mb-2 font-semibold">
              {t('library.feed.invitations.title')}
            </h2>
            <ul className="mb-2 flex flex-col gap-1">
              {feed.invitations.slice(0, 5).map((inv) => (
                <li key={inv.id} className="text-sm">
                  <span className="font-medium">{inv.packageName}</span>{' '}
                  <span className="text-slate-700">
                    ({t(`library.access.${inv.access}`)}) ·{' '}
                    {t('library.invitations.from', { name: inv.invitedBy?.name ?? '—', date: date(inv.createdAt) })}
                  </span>
                </li>
              ))}
            </ul>
            <AppLink to={libraryPaths.invitations(userId)} className="text-sm font-medium text-brand-700 underline">
              {t('library.feed.invitations.all')}
            </AppLink>
          </section>
        ) : null}

        <FeedFilters query={query} />
        {loading ? (
          <p role="status" className="mb-2 text-sm text-slate-600">
            {t('library.loading')}
          </p>
        ) : null}
        {feed.total === 0 ? (
          filtered ? (
            <Alert tone="info">{t('library.feed.emptyFiltered')}</Alert>
          ) : (
            <div className="rounded-lg border-2 border-dashed border-slate-300 p-6 text-center">
              <p className="mb-4 text-slate-700">{t('library.feed.empty')}</p>
              <AppLink to={libraryPaths.newStep(1)} className={buttonClass()}>
                {t('library.feed.newPackage')}
              </AppLink>
            </div>
          )
        ) : (
          <div className={loading ? 'opacity-60' : ''}>
            <PackageList items={feed.items} />
            <Pagination page={feed.page} pageSize={feed.pageSize} total={feed.total} more={feed.more} />
          </div>
        )}
      </section>
    </div>
  )
}
