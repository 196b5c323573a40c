import { data, type LoaderFunctionArgs } from '@remix-run/node'
import { Outlet, useLoaderData } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { requireUser } from '~/auth/guards.server'
import { routeCall } from '~/http/route-call.server'
import { ctxFor } from '~/services/context.server'
import { requireGroupWork } from '~/services/group-work/group-work-access.server'
import { AppNavLink } from '~/ui/app-link'
import type { Breadcrumb } from '~/ui/layout/breadcrumbs'
import { GROUP_SCREEN } from '../group-not-found.server'

interface GroupLayoutData {
  group: { id: string; name: string }
  /** The tags tab: for those who define the group's tags (and read-only for an admin outside the group). */
  showTags: boolean
}

/** The group's name stands for its id in the breadcrumbs (its link leads to the overview). */
const breadcrumb: Breadcrumb = (loaderData) => {
  const group = (loaderData as GroupLayoutData | undefined)?.group
  return group ? { label: group.name } : null
}
export const handle = { breadcrumb }

/**
 * /groups/:groupId/*: one group, with its tabs (Overview, Tasks, Loops, Tags, Insight) over each screen.
 * Members and the admins of its organization see it; anyone else, and an unknown id, get the
 * not-found page (nothing tells the group exists). What each tab shows is decided by the role
 * table (services/group-work/group-work-access.server.ts; docs/group-roles.md).
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const ctx = ctxFor(await requireUser(request, context), context)
  const work = await routeCall(() => requireGroupWork(ctx, params.groupId!), GROUP_SCREEN)
  return data<GroupLayoutData>({
    group: { id: work.access.group.id, name: work.access.group.name },
    showTags: work.can.editTasks || !work.access.role,
  })
}

const tabClass = ({ isActive }: { isActive: boolean }) =>
  `block whitespace-nowrap border-b-2 px-3 py-2 text-sm font-medium ${
    isActive ? 'border-brand-600 text-brand-700' : 'border-transparent text-slate-700 hover:border-slate-300 hover:text-slate-900'
  }`

export default function GroupLayout() {
  const { t } = useTranslation()
  const { group, showTags } = useLoaderData<typeof loader>()
  const base = `/groups/${group.id}`
  const tabs = [
    { to: `${base}/home`, label: t('groupWork.tabs.overview') },
    { to: `${base}/tasks`, label: t('groupWork.tabs.tasks') },
    { to: `${base}/loops`, label: t('groupWork.tabs.loops') },
    ...(showTags ? [{ to: `${base}/tags`, label: t('groupWork.tabs.tags') }] : []),
    { to: `${base}/insight`, label: t('groupWork.tabs.insight') },
  ]
  return (
    <div className="min-w-0">
      {/* On a phone the tabs wrap to a second line: every tab is in view, with or without JavaScript. */}
      <nav aria-label={t('groupWork.tabs.label')} className="mb-6 border-b border-slate-200 print:hidden">
        <ul className="flex flex-wrap gap-x-1">
          {tabs.map((tab) => (
            <li key={tab.to}>
              <AppNavLink to={tab.to} className={tabClass}>
                {tab.label}
              </AppNavLink>
            </li>
          ))}
        </ul>
      </nav>
      <Outlet />
    </div>
  )
}

export { RouteErrorBoundary as ErrorBoundary } from '~/ui/route-error-boundary'
