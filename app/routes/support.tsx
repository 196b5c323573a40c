import { useTranslation } from 'react-i18next'
import { useRootData } from '~/ui/root-data'

export const handle = { breadcrumb: 'support.title' }

export default function Support() {
  const { t } = useTranslation()
  const brand = useRootData()?.brand
  return (
    <section className="max-w-2xl">
      <h1 className="mb-4 text-2xl font-bold">{t('support.title')}</h1>
      <p className="mb-2 text-slate-700">{t('support.body', { brand })}</p>
      <p>
        <a className="font-medium text-brand-700 underline" href="mailto:support@example.org">
          support@example.org
        </a>
      </p>
    </section>
  )
}
