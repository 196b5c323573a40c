import { Link } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { messageKey } from '~/errors'
import { Alert } from '~/ui/alert'
import { RetryCountdown } from '~/ui/retry-countdown'

export interface AuthErrorData {
  code: string
  retryAt?: string
  email?: string
}

/** The error of an auth form (spec section 8), with the resend link or the retry time it needs. */
export function AuthError({ error }: { error: AuthErrorData | null | undefined }) {
  const { t } = useTranslation()
  if (!error) return null
  return (
    <Alert tone="error">
      {error.code === 'TOO_MANY_ATTEMPTS' && error.retryAt ? (
        <RetryCountdown retryAt={error.retryAt} />
      ) : (
        <p>{t(messageKey(error.code))}</p>
      )}
      {error.code === 'USER_NOT_VERIFIED' ? (
        <p className="mt-2">
          <Link className="font-medium underline" to={`/verify/resend${error.email ? `?email=${encodeURIComponent(error.email)}` : ''}`}>
            {t('signin.resendVerification')}
          </Link>
        </p>
      ) : null}
      {error.code === 'TOKEN_EXPIRED' || error.code === 'TOKEN_USED' || error.code === 'TOKEN_INVALID' ? (
        <p className="mt-2">{t('errors.tokenHelp')}</p>
      ) : null}
    </Alert>
  )
}
