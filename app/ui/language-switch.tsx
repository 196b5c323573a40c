import { Form, useLocation } from '@remix-run/react'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { LOCALES } from '~/i18n/config'

/**
 * One button per language, posting to /locale (it saves a signed-in user's preference) and
 * coming back to this page. Used by the auth screens' header and the profile menu; `reloadDocument`
 * makes the answer a full page load, as a change of the saved locale needs (spec section 2).
 */
export function LanguageSwitch({ className, reloadDocument, label }: { className: string; reloadDocument?: boolean; label?: ReactNode }) {
  const { t, i18n } = useTranslation()
  const location = useLocation()
  return (
    <Form method="post" action="/locale" reloadDocument={reloadDocument} className={className} aria-label={t('common.language')}>
      {label}
      <input type="hidden" name="redirectTo" value={`${location.pathname}${location.search}`} />
      {LOCALES.map((lng) => (
        <button
          key={lng}
          type="submit"
          name="locale"
          value={lng}
          lang={lng}
          aria-current={i18n.language === lng ? 'true' : undefined}
          className="rounded px-2 py-1 text-sm text-slate-700 hover:bg-slate-200 aria-[current=true]:bg-slate-200 aria-[current=true]:font-semibold"
        >
          {t(`common.localeName.${lng}`)}
        </button>
      ))}
    </Form>
  )
}
