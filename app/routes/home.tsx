import { Link } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { useRootData } from '~/ui/root-data'

/** The feed. Until the feed capability lands, a welcome with the ways in. */
export default function Home() {
  const { t } = useTranslation()
  const root = useRootData()
  const user = root?.user
  return (
    <section className="max-w-2xl">
      <h1 className="mb-2 text-2xl font-bold">{user ? t('home.welcomeUser', { name: user.name }) : t('home.welcome', { brand: root?.brand })}</h1>
      <p className="mb-6 text-slate-700">{t(user ? 'home.introUser' : 'home.intro')}</p>
      {user ? null : (
        <div className="flex flex-wrap gap-3">
          <Link to="/signin" className="rounded-md bg-brand-600 px-4 py-2 font-medium text-white hover:bg-brand-700">
            {t('header.signin')}
          </Link>
          <Link to="/signup" className="rounded-md border border-slate-300 bg-white px-4 py-2 font-medium hover:bg-slate-100">
            {t('signup.tab')}
          </Link>
        </div>
      )}
    </section>
  )
}
