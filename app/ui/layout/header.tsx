import { useLocation } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { AppLink, AppNavLink } from '~/ui/app-link'
import type { CurrentUserSummary } from '~/ui/root-data'
import { CountBadge, CountBadgeLink } from './count-badge'
import { useHeaderCounts } from './header-counts'
import { ProfileMenu } from './profile-menu'
import { BUILT_SCREENS } from './screens'

const navClass = ({ isActive }: { isActive: boolean }) =>
  `inline-flex items-center whitespace-nowrap rounded-md px-3 py-2 text-sm font-medium ${
    isActive ? 'bg-brand-50 text-brand-700' : 'text-slate-700 hover:bg-slate-100'
  }`

/**
 * Feed (with the count of new alerts), groups (and the count of pending group invitations, a link
 * to the inbox's groups section), library and support
 * (those built: BUILT_SCREENS); sign-in link (with redirectTo) or the profile menu. On a phone the
 * side menu's button sits at the header's start (the brand leaves it room: see SideMenu).
 */
export function Header({ brand, user }: { brand: string; user: CurrentUserSummary | null }) {
  const { t } = useTranslation()
  const location = useLocation()
  const counts = useHeaderCounts()
  const here = `${location.pathname}${location.search}`
  return (
    <header className="border-b border-slate-200 bg-white">
      {/* The same width and padding as the page below (app-layout.tsx), so both start at one line. */}
      <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-2 px-4 py-2">
        <AppLink to="/" className={`mr-4 text-lg font-bold text-brand-700 ${user ? 'max-md:ml-24' : ''}`}>
          {brand}
        </AppLink>
        <nav aria-label={t('header.nav')} className="order-3 flex w-full gap-1 overflow-x-auto sm:order-none sm:w-auto">
          <AppNavLink to="/" end className={navClass}>
            {t('header.feed')}
            <CountBadge count={counts?.alertsNew ?? 0} label={t('header.newAlerts', { count: counts?.alertsNew ?? 0 })} />
          </AppNavLink>
          {BUILT_SCREENS.groups ? (
            <span className="inline-flex items-center">
              <AppNavLink to="/groups" className={navClass}>
                {t('header.groups')}
              </AppNavLink>
              {/* The group invitations are answered in the inbox: their count leads there. */}
              <CountBadgeLink
                to="/invitations#groups"
                count={counts?.studyInvitations ?? 0}
                label={t('header.groupInvitations', { count: counts?.studyInvitations ?? 0 })}
              />
            </span>
          ) : null}
          {BUILT_SCREENS.library ? (
            <AppNavLink to="/library" className={navClass}>
              {t('header.library')}
            </AppNavLink>
          ) : null}
          <AppNavLink to="/support" className={navClass}>
            {t('header.support')}
          </AppNavLink>
        </nav>
        <div className="ml-auto">
          {user ? (
            <ProfileMenu user={user} counts={counts} />
          ) : (
            <AppLink
              to={`/signin?redirectTo=${encodeURIComponent(here)}`}
              className="rounded-md bg-brand-600 px-4 py-2 text-sm font-medium text-white hover:bg-brand-700"
            >
              {t('header.signin')}
            </AppLink>
          )}
        </div>
      </div>
    </header>
  )
}
