import type { LoaderFunctionArgs } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { requireUser } from '~/auth/guards.server'
import { ctxFor } from '~/services/context.server'
import { listMyGroups, mayCreateGroups, myGroupOrganizations } from '~/services/my-groups.server'
import { orRouteFailure } from '~/ui/route-failure.server'
import { redirectPastLastPage } from '~/utils/list-page.server'
import { MyGroupsEmpty } from './my-groups-empty'
import { MyGroupsFilters } from './my-groups-filters'
import { MyGroupsTable } from './my-groups-table'
import { myGroupsQueryOf, readMyGroupFilters } from './list-filters'
import { myGroupRow } from './list-rows'

/**
 * /groups: the signed-in user's groups (issue 10, Groups item 2): name, organization, owner, my
 * role with its permission icons, members, active; search, filters and sort in the URL. The same
 * rows as GET /api/v3/groups (my-groups.server.ts). Its breadcrumb is the section's "Groups".
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context)
  const url = new URL(request.url)
  const { organizationId, active, ...query } = myGroupsQueryOf(url)
  const ctx = ctxFor(user, context)
  const [page, organizations, canCreate] = await orRouteFailure('myGroups.loadError', () =>
    Promise.all([listMyGroups(ctx, { ...query, organizationId, active }), myGroupOrganizations(ctx), mayCreateGroups(ctx)]),
  )
  redirectPastLastPage(request, page)
  return { page: { ...page, items: page.items.map(myGroupRow) }, query, filters: readMyGroupFilters(url), organizations, canCreate }
}

export { RouteErrorBoundary as ErrorBoundary } from '~/ui/route-error-boundary'

export default function MyGroups() {
  const { t } = useTranslation()
  const { page, query, filters, organizations, canCreate } = useLoaderData<typeof loader>()
  const filtered = Boolean(query.q || filters.organization || filters.status !== 'all')
  return (
    <section aria-labelledby="my-groups-title">
      <h1 id="my-groups-title" className="mb-1 text-2xl font-bold">
        {t('myGroups.title')}
      </h1>
      <p className="mb-4 max-w-3xl text-slate-700">{t('myGroups.intro')}</p>
      {page.total === 0 && !filtered ? (
        <MyGroupsEmpty canCreate={canCreate} />
      ) : (
        <>
          <MyGroupsFilters q={query.q} status={filters.status} organization={filters.organization} organizations={organizations} />
          <MyGroupsTable page={page} sort={query.sort} dir={query.dir} />
        </>
      )}
    </section>
  )
}
