import { useLocation } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { AppLink } from '~/ui/app-link'
import { buttonClass } from '~/ui/button'
import { useFormatters } from '~/ui/format'

export interface LinkedIdentity {
  _id: string
  provider: string
  label: string
  email: string | null
  created: string
}

/**
 * The security preferences' "Sign-in providers" (for /users/:id/preferences/security): the linked
 * provider accounts with what is kept of them, an Unlink link to a confirmation page (not for the
 * last way in), and a link for each configured provider not linked yet. Its data: the loader calls
 * `linkedProvidersOf(ctx)` (./linked-providers.server.ts).
 */
export function LinkedProviders({
  identities,
  available,
  canUnlink,
  className = '',
}: {
  identities: LinkedIdentity[]
  available: { id: string; label: string }[]
  canUnlink: boolean
  /** The section's frame on the page that shows it (a card on the security page). */
  className?: string
}) {
  const { t } = useTranslation()
  const { date } = useFormatters()
  const location = useLocation()
  const back = encodeURIComponent(`${location.pathname}${location.search}`)
  return (
    <section aria-labelledby="linked-providers-title" className={`flex flex-col gap-3 ${className}`}>
      <h2 id="linked-providers-title" className="text-lg font-semibold">
        {t('sso.identities.title')}
      </h2>
      <p className="text-sm text-slate-600">{t('sso.identities.intro')}</p>
      {identities.length ? (
        <ul className="divide-y divide-slate-200 rounded-md border border-slate-200">
          {identities.map((i) => (
            <li key={i._id} className="flex flex-wrap items-center justify-between gap-2 p-3">
              <div>
                <p className="font-medium">{i.label}</p>
                <p className="text-sm text-slate-600">
                  {i.email ? `${i.email} · ` : ''}
                  {t('sso.identities.linkedSince', { date: date(i.created) })}
                </p>
              </div>
              {canUnlink ? (
                <AppLink to={`/sso/identities/${i._id}/unlink?redirectTo=${back}`} className={buttonClass('secondary')}>
                  {t('sso.identities.unlink')}
                  <span className="sr-only"> {i.label}</span>
                </AppLink>
              ) : (
                <span className="text-sm text-slate-600">{t('sso.identities.lastWayIn')}</span>
              )}
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-slate-700">{t('sso.identities.empty')}</p>
      )}
      {available.length ? (
        <ul className="flex flex-wrap gap-2">
          {available.map((p) => (
            <li key={p.id}>
              <a href={`/signin/sso/${p.id}?intent=link&redirectTo=${back}`} className={buttonClass('secondary')}>
                {t('sso.identities.link', { provider: p.label })}
              </a>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  )
}
