import { Link } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { safeRedirect } from '~/auth/schemas'
import { messageKey } from '~/errors'
import { Alert } from '~/ui/alert'
import { builtPath } from '~/ui/layout/screens'
import { RetryCountdown } from '~/ui/retry-countdown'
import type { InvitationCodeError } from './intents.server'

/** The section 8 message of a failed code, with the retry time or the "Go to…" link it needs. */
export function CodeError({ error }: { error: InvitationCodeError }) {
  const { t } = useTranslation()
  const goTo =
    error.code === 'ALREADY_ADDED_TO_GROUP'
      ? t('invitationCode.goToGroup')
      : error.code === 'ALREADY_ADDED_TO_ORGANIZATION' || error.code === 'IS_ALREADY_GROUP_CREATOR'
        ? t('invitationCode.goToOrganization')
        : null
  return (
    <Alert tone="error" id="code-error">
      {error.code === 'TOO_MANY_ATTEMPTS' && error.retryAt ? (
        <RetryCountdown retryAt={error.retryAt} />
      ) : (
        <p>{t(messageKey(error.code), { name: error.name ?? '' })}</p>
      )}
      {goTo && error.redirectTo && builtPath(safeRedirect(error.redirectTo)) ? (
        <p className="mt-2">
          <Link to={safeRedirect(error.redirectTo)} className="font-medium underline">
            {goTo}
          </Link>
        </p>
      ) : null}
    </Alert>
  )
}
