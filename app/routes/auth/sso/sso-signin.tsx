import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { messageKey } from '~/errors'
import { Alert } from '~/ui/alert'
import { ProviderButtons, type ProviderLink } from './provider-buttons'

/**
 * On /signin: why the last single sign-on failed (section 8), and the configured providers, with
 * `children` (the passkey button) below them, above the one "or with email and password".
 */
export function SsoSignIn({
  providers,
  ssoError,
  redirectTo,
  children,
}: {
  providers: ProviderLink[]
  ssoError: string | null
  redirectTo: string
  children?: ReactNode
}) {
  const { t } = useTranslation()
  return (
    <>
      {ssoError ? (
        <div className="mb-4">
          <Alert tone="error">
            <p>{t(messageKey(ssoError))}</p>
            <p className="mt-1 text-sm">{t(`sso.hint.${ssoError}`, { defaultValue: '' })}</p>
          </Alert>
        </div>
      ) : null}
      {providers.length ? (
        <div className="mb-6 flex flex-col gap-3">
          <ProviderButtons providers={providers} redirectTo={redirectTo} />
          {children}
          <p className="text-center text-sm text-slate-600">{t('sso.or')}</p>
        </div>
      ) : (
        children
      )}
    </>
  )
}
