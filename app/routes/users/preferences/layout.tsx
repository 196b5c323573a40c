import type { LoaderFunctionArgs } from '@remix-run/node'
import { NavLink, Outlet, useParams } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { requireUser } from '~/auth/guards.server'
import { routeCall } from '~/http/route-call.server'
import { ctxFor } from '~/services/context.server'
import { requireSelf } from '~/services/profile/profile.server'
import { PROFILE_SCREEN } from '../user-not-found.server'
import { profileBase, userIdOf } from '../user-id'

/**
 * /users/:id/preferences/*: the user's own preferences, in four tabs (account, security,
 * notifications, my data). Another user's id is not found.
 */
export const handle = { breadcrumb: 'profile.prefs.title' }

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const actor = await requireUser(request, context)
  await routeCall(async () => requireSelf(ctxFor(actor, context), userIdOf(params)), PROFILE_SCREEN)
  return null
}

export { RouteErrorBoundary as ErrorBoundary } from '~/ui/route-error-boundary'

const tabClass = ({ isActive }: { isActive: boolean }) =>
  `block whitespace-nowrap border-b-2 px-3 py-2 text-sm font-medium ${
    isActive ? 'border-brand-600 text-brand-700' : 'border-transparent text-slate-700 hover:border-slate-300 hover:text-slate-900'
  }`

export default function PreferencesLayout() {
  const { t } = useTranslation()
  const base = `${profileBase(useParams())}/preferences`
  const tabs = [
    { to: `${base}/account`, label: t('profile.prefs.tabs.account') },
    { to: `${base}/security`, label: t('profile.prefs.tabs.security') },
    { to: `${base}/notifications`, label: t('profile.prefs.tabs.notifications') },
    { to: `${base}/data`, label: t('profile.prefs.tabs.data') },
  ]
  return (
    <div className="max-w-3xl">
      <p className="mb-2 text-2xl font-bold">{t('profile.prefs.title')}</p>
      <nav aria-label={t('profile.prefs.tabsLabel')} className="mb-6 overflow-x-auto border-b border-slate-200">
        <ul className="flex gap-1">
          {tabs.map((tab) => (
            <li key={tab.to}>
              <NavLink to={tab.to} className={tabClass} prefetch="intent">
                {tab.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <Outlet />
    </div>
  )
}
