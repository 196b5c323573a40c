import type { LoaderFunctionArgs } from '@remix-run/node'
import { Outlet } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { AppNavLink } from '~/ui/app-link'
import { withArea } from '~/i18n/client'
import { platformCtx } from './platform-ctx.server'

/**
 * /platform/*: the platform admins' screens (docs/platform.md), with their own navigation
 * between organizations, accounts (the lost-every-factor reset) and undelivered mail. Not found for everyone else.
 */
export const handle = { breadcrumb: 'platform.title', i18nArea: 'platform' }
export const clientLoader = withArea('platform')

export async function loader({ request, context }: LoaderFunctionArgs) {
  await platformCtx(request, context)
  return null
}

export { RouteErrorBoundary as ErrorBoundary } from '~/ui/route-error-boundary'

const tabClass = ({ isActive }: { isActive: boolean }) =>
  `rounded-md px-3 py-1.5 text-sm ${isActive ? 'bg-brand-50 font-medium text-brand-700' : 'text-slate-700 hover:bg-slate-100'}`

export default function PlatformLayout() {
  const { t } = useTranslation()
  return (
    <div className="flex flex-col gap-4">
      <nav aria-label={t('platform.nav')}>
        <ul className="flex flex-wrap gap-2">
          <li>
            <AppNavLink to="/platform/organizations" className={tabClass}>
              {t('platform.organizations')}
            </AppNavLink>
          </li>
          <li>
            <AppNavLink to="/platform/accounts" className={tabClass}>
              {t('platformAccounts.title')}
            </AppNavLink>
          </li>
          <li>
            <AppNavLink to="/platform/mail" className={tabClass}>
              {t('platformMail.title')}
            </AppNavLink>
          </li>
        </ul>
      </nav>
      <Outlet />
    </div>
  )
}
