import { parseWithZod } from '@conform-to/zod'
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { requireUser } from '~/auth/guards.server'
import { DomainError, messageKey } from '~/errors'
import { routeCall } from '~/http/route-call.server'
import { ctxFor } from '~/services/context.server'
import { leaveGroup } from '~/services/groups/group-home.server'
import { listMyGroups, mayCreateGroups, myGroupOrganizations } from '~/services/groups/my-groups.server'
import { LeaveListedGroupFormSchema } from '~/services/groups/my-groups.schemas'
import { Alert } from '~/ui/alert'
import { ConfirmPanel } from '~/ui/confirm-panel'
import { redirectWithToast } from '~/http/toast.server'
import { readForm } from '~/utils/form-body.server'
import { redirectPastLastPage } from '~/utils/list-page.server'
import { MyGroupsEmpty } from './my-groups-empty'
import { MyGroupsFilters } from './my-groups-filters'
import { MyGroupsTable } from './my-groups-table'
import { myGroupsQueryOf, readMyGroupFilters } from './list-filters'
import { myGroupRow } from './list-rows'

/**
 * /groups: the signed-in user's groups (docs/groups.md): name, organization, owner, my
 * role with its permission icons, members, active; search, filters and sort in the URL. The same
 * rows as GET /api/v3/groups (my-groups.server.ts). Its breadcrumb is the section's "Groups".
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context)
  const url = new URL(request.url)
  const { organizationId, active, ...query } = myGroupsQueryOf(url)
  const ctx = ctxFor(user, context)
  const [page, organizations, canCreate] = await routeCall(
    () => Promise.all([listMyGroups(ctx, { ...query, organizationId, active }), myGroupOrganizations(ctx), mayCreateGroups(ctx)]),
    { failure: 'myGroups.loadError' },
  )
  redirectPastLastPage(request, page)
  return { page: { ...page, items: page.items.map(myGroupRow) }, query, filters: readMyGroupFilters(url), organizations, canCreate }
}

type ListActionData = { intent: 'confirm-leave'; groupId: string; name: string } | { intent: null; error: string }

/**
 * The page's one form, a row's "Leave" (intent leave): asks to confirm first (without
 * JavaScript), then leaves (services/groups/group-home.server.ts leaveGroup) and comes back to the same
 * list with a toast naming the group; a refusal (the owner, a group already left) is an error toast.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const ctx = ctxFor(await requireUser(request, context), context)
  const form = await readForm(request)
  const submission = parseWithZod(form, { schema: LeaveListedGroupFormSchema })
  if (form.get('intent') !== 'leave' || submission.status !== 'success')
    return data<ListActionData>({ intent: null, error: 'errors.BAD_REQUEST' }, { status: 400 })
  const { groupId, confirmed } = submission.value
  if (!confirmed) return data<ListActionData>({ intent: 'confirm-leave', groupId, name: String(form.get('name') ?? '').slice(0, 200) })
  const url = new URL(request.url)
  url.searchParams.delete('index')
  const here = `${url.pathname}${url.search}`
  return routeCall(
    async () => {
      try {
        const { groupName } = await leaveGroup(ctx, groupId)
        return redirectWithToast(here, { key: 'groupHome.toast.left', values: { name: groupName } })
      } catch (error) {
        if (!(error instanceof DomainError) || error.status >= 500) throw error
        return redirectWithToast(here, { key: messageKey(error.code), type: 'error' })
      }
    },
    { failure: 'groupHome.updateError' },
  )
}

export { RouteErrorBoundary as ErrorBoundary } from '~/ui/route-error-boundary'

export default function MyGroups() {
  const { t } = useTranslation()
  const { page, query, filters, organizations, canCreate } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  const filtered = Boolean(query.q || filters.organization || filters.status !== 'all')
  return (
    <section aria-labelledby="my-groups-title">
      <h1 id="my-groups-title" className="mb-1 text-2xl font-bold">
        {t('myGroups.title')}
      </h1>
      <p className="mb-4 max-w-3xl text-slate-700">{t('myGroups.intro')}</p>
      {actionData?.intent === 'confirm-leave' ? (
        <ConfirmPanel
          intent="leave"
          title={t('groupHome.confirm.leaveTitle')}
          body={t('groupHome.confirm.leaveBody', { group: actionData.name })}
          action={t('groupHome.confirm.leaveAction')}
          extra={{ groupId: actionData.groupId, name: actionData.name }}
        />
      ) : null}
      {actionData?.intent === null ? <Alert tone="error">{t(actionData.error)}</Alert> : null}
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
