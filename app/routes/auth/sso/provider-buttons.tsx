import { useTranslation } from 'react-i18next'
import { buttonClass } from '~/ui/button'

export interface ProviderLink {
  id: string
  label: string
}

/** Links to each configured provider's sign-in (plain links: they work without JavaScript). */
export function ProviderButtons({
  providers,
  redirectTo,
  invitation,
}: {
  providers: ProviderLink[]
  redirectTo?: string
  invitation?: string
}) {
  const { t } = useTranslation()
  if (!providers.length) return null
  const query = new URLSearchParams()
  if (redirectTo) query.set('redirectTo', redirectTo)
  if (invitation) query.set('invitation', invitation)
  const suffix = query.size ? `?${query}` : ''
  return (
    <ul className="flex flex-col gap-2" aria-label={t('sso.providers')}>
      {providers.map((p) => (
        <li key={p.id}>
          <a href={`/signin/sso/${p.id}${suffix}`} className={`${buttonClass('secondary')} w-full`}>
            {t('sso.continueWith', { provider: p.label })}
          </a>
        </li>
      ))}
    </ul>
  )
}
