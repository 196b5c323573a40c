import { Link } from '@remix-run/react'
import { useTranslation } from 'react-i18next'

/**
 * Page not found, no access, temporarily unavailable (503) and unexpected errors: a plain message and a way home, never internals.
 * A section: the layouts (or the root error boundary) provide the <main> around it.
 */
export function ErrorScreen({ status }: { status: number }) {
  const { t } = useTranslation()
  const kind = status === 404 ? 'notFound' : status === 403 ? 'forbidden' : status === 503 ? 'unavailable' : 'unexpected'
  return (
    <section className="mx-auto flex max-w-xl flex-col items-start gap-4 px-4 py-16" aria-labelledby="error-title">
      <p className="text-sm font-semibold text-brand-600">{status}</p>
      <h1 id="error-title" className="text-2xl font-bold">
        {t(`errorPage.${kind}.title`)}
      </h1>
      <p className="text-slate-700">{t(`errorPage.${kind}.body`)}</p>
      <Link to="/" className="rounded-md bg-brand-600 px-4 py-2 font-medium text-white hover:bg-brand-700">
        {t('errorPage.home')}
      </Link>
    </section>
  )
}
