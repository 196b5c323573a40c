import { Link, NavLink, Outlet, useLocation } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { useRootData } from '~/ui/root-data'
import { LanguageSwitch } from '~/ui/language-switch'

/** The wrapper of every auth screen: brand, sign-in / sign-up tabs, language switch; no header. */
export default function AuthLayout() {
  const { t } = useTranslation()
  const root = useRootData()
  const location = useLocation()
  const showTabs = location.pathname === '/signin' || location.pathname === '/signup'
  const tabClass = ({ isActive }: { isActive: boolean }) =>
    `flex-1 border-b-2 px-3 py-2 text-center font-medium ${isActive ? 'border-brand-600 text-brand-700' : 'border-transparent text-slate-600 hover:text-slate-900'}`
  // Tabs keep redirectTo and the invitation code when switching between sign-in and sign-up.
  const search = new URLSearchParams(location.search)
  const carried = new URLSearchParams()
  for (const key of ['redirectTo', 'invitationCode']) {
    const value = search.get(key)
    if (value) carried.set(key, value)
  }
  const suffix = carried.size ? `?${carried}` : ''
  return (
    <div className="flex min-h-screen flex-col items-center justify-start px-4 py-8 sm:justify-center">
      <div className="w-full max-w-md">
        <header className="mb-6 flex items-center justify-between">
          <Link to="/" className="text-2xl font-bold text-brand-700">
            {root?.brand}
          </Link>
          <LanguageSwitch className="flex gap-1" />
        </header>
        <main className="rounded-lg bg-white p-6 shadow-sm ring-1 ring-slate-200 sm:p-8">
          {showTabs ? (
            <nav className="-mt-2 mb-6 flex" aria-label={t('auth.tabs')}>
              <NavLink to={`/signin${suffix}`} className={tabClass} prefetch="intent">
                {t('signin.tab')}
              </NavLink>
              <NavLink to={`/signup${suffix}`} className={tabClass} prefetch="intent">
                {t('signup.tab')}
              </NavLink>
            </nav>
          ) : null}
          <Outlet />
        </main>
      </div>
    </div>
  )
}
