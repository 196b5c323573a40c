import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { useActionData, useLoaderData, useParams } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { requireUser } from '~/auth/guards.server'
import { routeCall } from '~/http/route-call.server'
import { withArea } from '~/i18n/client'
import { ctxFor } from '~/services/context.server'
import { mayCreateAttendanceGroup } from '~/services/groups/group-creation.server'
import { listGroups } from '~/services/groups/groups.server'
import { Alert } from '~/ui/alert'
import { ConfirmPanel } from '~/ui/confirm-panel'
import { buttonClass } from '~/ui/button'
import { BULK_FORM, readForm } from '~/utils/form-body.server'
import { handlerFor } from '~/utils/intent'
import { redirectPastLastPage } from '~/utils/list-page.server'
import { inactiveToast, ORGANIZATION_SCREEN, requireOrgAdminCtx } from '../org-not-found.server'
import { useOrganization } from '../organization-data'
import { ChangeOwnersPanel } from './change-owners-panel'
import { GroupsFilters } from './groups-filters'
import { GroupsTable } from './groups-table'
import { GROUPS_INTENTS, type GroupsActionData } from './intents.server'
import { groupListQueryOf, readGroupFilters } from './list-filters'

/**
 * …/organizations/:organizationId/groups: the organization's groups for its admins (spec section 2, "/organizations";
 * screen 4). Rendered inside the organization layout. Every form works without JavaScript:
 * the bulk bar posts checkboxes named `ids` (or `scope=matching`, every group the search and
 * filters match) with an `intent`; delete needs confirmed=1; changing owners is two steps (intent
 * 'change-owners-form' shows a panel, 'change-owners' applies).
 */
export const handle = { breadcrumb: 'groups.title', i18nArea: 'groups' }
export const clientLoader = withArea('groups')

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context)
  const url = new URL(request.url)
  const { active, kind, ...query } = groupListQueryOf(url)
  const filters = readGroupFilters(url)
  const ctx = ctxFor(user, context)
  const organizationId = params.organizationId!
  const [page, canCreateAttendance] = await routeCall(
    () =>
      Promise.all([
        listGroups(ctx, organizationId, { ...query, active, kind }),
        // Spec section 6: creating an attendance group is offered only with that permission.
        mayCreateAttendanceGroup(ctx, organizationId),
      ]),
    { ...ORGANIZATION_SCREEN, failure: 'groups.loadError' },
  )
  redirectPastLastPage(request, page)
  return { page, query, filters, canCreateAttendance }
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const organizationId = params.organizationId!
  const ctx = await requireOrgAdminCtx(request, context, organizationId)
  const form = await readForm(request, BULK_FORM)
  const handler = handlerFor(GROUPS_INTENTS, form)
  if (!handler) return data<GroupsActionData>({ intent: 'bulk', error: 'errors.BAD_REQUEST' }, { status: 400 })
  const url = new URL(request.url)
  const here = `${url.pathname}${url.search}`
  return routeCall(() => handler({ ctx, organizationId, form, url, here }), {
    ...ORGANIZATION_SCREEN,
    toast: inactiveToast(here),
    failure: 'groups.updateError',
  })
}

export { RouteErrorBoundary as ErrorBoundary } from '~/ui/route-error-boundary'

export default function Groups() {
  const { t } = useTranslation()
  const { page, query, filters, canCreateAttendance } = useLoaderData<typeof loader>()
  const organizationId = useParams().organizationId!
  const actionData = useActionData<typeof action>() as GroupsActionData | undefined
  // An inactive organization takes no new groups (ORGANIZATION_INACTIVE): its create actions are left out.
  const active = useOrganization()?.active !== false
  return (
    <div className="flex flex-col gap-6">
      <section aria-labelledby="groups-title">
        <div className="mb-1 flex flex-wrap items-center justify-between gap-3">
          <h1 id="groups-title" className="text-xl font-bold">
            {t('groups.title')}
          </h1>
          <div className="flex flex-wrap gap-2">
            {active ? (
              <a href={`/create/group?organizationId=${encodeURIComponent(organizationId)}`} className={buttonClass()}>
                {t('groups.create.button.standard')}
              </a>
            ) : null}
            {active && canCreateAttendance ? (
              <a
                href={`/create/attendance-group?organizationId=${encodeURIComponent(organizationId)}`}
                className={buttonClass('secondary')}
              >
                {t('groups.create.button.attendance')}
              </a>
            ) : null}
          </div>
        </div>
        <p className="mb-4 max-w-3xl text-slate-700">{t('groups.intro')}</p>
        {active ? null : <p className="mb-3 text-sm text-slate-700">{t('organizations.inactiveNotice.groups')}</p>}

        {actionData?.intent === 'confirm-delete' ? (
          <ConfirmPanel
            intent="delete"
            selection={actionData}
            title={t('groups.delete.title')}
            body={t('groups.delete.body', { count: actionData.count })}
            itemsLabel={t('groups.delete.items')}
            action={t('groups.delete.confirm')}
          />
        ) : null}
        {actionData?.intent === 'change-owners-form' ? (
          <ChangeOwnersPanel
            key={actionData.groups.map((g) => g._id).join()}
            groups={actionData.groups}
            lastResult={actionData.result}
            applied={actionData.applied}
            confirmRemoval={actionData.confirmRemoval}
            people={actionData.people}
          />
        ) : null}
        {actionData?.intent === 'bulk' ? (
          <div className="mb-3">
            <Alert tone="error">{t(actionData.error, actionData.values)}</Alert>
          </div>
        ) : null}

        <GroupsFilters q={query.q} status={filters.status} kind={filters.kind} />
        <GroupsTable
          page={page}
          sort={query.sort}
          dir={query.dir}
          filtered={Boolean(query.q || filters.kind || filters.status !== 'all')}
          active={active}
        />
      </section>
    </div>
  )
}
