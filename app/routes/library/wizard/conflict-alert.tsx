import { useLocation } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { Alert } from '~/ui/alert'

/**
 * A save that lost the race with another editor (PACKAGE_VERSION_CONFLICT): nothing was saved;
 * the form below still holds what the user typed (to copy), and the reload link loads the other
 * editor's version with a full page load.
 */
export function ConflictAlert() {
  const { t } = useTranslation()
  const location = useLocation()
  return (
    <div className="mb-4">
      <Alert tone="error">
        <p className="font-semibold">{t('library.wizard.conflict.title')}</p>
        <p className="mb-2">{t('library.wizard.conflict.body')}</p>
        <a href={`${location.pathname}${location.search}`} className="font-medium underline">
          {t('library.wizard.conflict.reload')}
        </a>
      </Alert>
    </div>
  )
}
