import { useTranslation } from 'react-i18next'
import { AppLink } from '~/ui/app-link'
import { buttonClass } from '~/ui/button'

/**
 * Why the user cannot create (attendance) groups here, and what to do about it: become a group
 * creator with an invitation code, or ask an admin for the attendance permission.
 */
export function NotPermitted({ reason }: { reason: 'groups' | 'attendance' }) {
  const { t } = useTranslation()
  const attendance = reason === 'attendance'
  return (
    <section aria-labelledby="not-permitted-title" className="max-w-2xl">
      <h1 id="not-permitted-title" className="mb-2 text-xl font-bold">
        {t(attendance ? 'createGroup.notPermitted.attendanceTitle' : 'createGroup.notPermitted.title')}
      </h1>
      <p className="mb-6 text-slate-700">{t(attendance ? 'createGroup.notPermitted.attendanceBody' : 'createGroup.notPermitted.body')}</p>
      <div className="flex flex-wrap gap-3">
        {attendance ? (
          <AppLink to="/create/group" className={buttonClass('primary')}>
            {t('createGroup.notPermitted.createStandard')}
          </AppLink>
        ) : (
          <AppLink to="/invitation-code" className={buttonClass('primary')}>
            {t('createGroup.notPermitted.useCode')}
          </AppLink>
        )}
        <AppLink to="/organizations" className={buttonClass('secondary')}>
          {t('createGroup.notPermitted.organizations')}
        </AppLink>
      </div>
    </section>
  )
}
