import { useTranslation } from 'react-i18next'
import { Alert } from '~/ui/alert'
import { AppLink } from '~/ui/app-link'

/**
 * Why the user was sent here: an organization requires two-step verification of its admins (or
 * group creators), and where to continue once it is on (docs/auth.md "Organization policy").
 */
export function PolicyNotice({ name, continueTo, met }: { name: string; continueTo: string; met: boolean }) {
  const { t } = useTranslation()
  return (
    <Alert tone={met ? 'success' : 'info'}>
      <h2 className="font-semibold">{t('profile.security.policy.title', { organization: name })}</h2>
      {met ? null : (
        <>
          <p>{t('profile.security.policy.body', { organization: name })}</p>
          <p>{t('profile.security.policy.sso')}</p>
          <p>{t('profile.security.policy.passkey')}</p>
        </>
      )}
      {met ? (
        <p className="mt-2">
          <AppLink to={continueTo} className="font-semibold underline">
            {t('profile.security.policy.continue', { organization: name })}
          </AppLink>
        </p>
      ) : null}
    </Alert>
  )
}
