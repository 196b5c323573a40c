import { useTranslation } from 'react-i18next'
import { AppLink } from '~/ui/app-link'
import { buttonClass } from '~/ui/button'
import { builtPath } from '~/ui/layout/screens'

/** No groups yet: join one with an invitation code, or (where allowed) create one. */
export function MyGroupsEmpty({ canCreate }: { canCreate: boolean }) {
  const { t } = useTranslation()
  const createPath = builtPath('/create/group')
  return (
    <div className="max-w-2xl rounded-lg bg-white p-6 shadow-sm ring-1 ring-slate-200">
      <h2 className="mb-2 text-lg font-semibold">{t('myGroups.empty.title')}</h2>
      <p className="mb-4 text-slate-700">{t('myGroups.empty.body')}</p>
      <div className="flex flex-wrap items-center gap-3">
        <AppLink to="/invitation-code" className={buttonClass()}>
          {t('myGroups.empty.useCode')}
        </AppLink>
        {canCreate && createPath ? (
          <>
            <span className="text-slate-700">{t('myGroups.empty.createBody')}</span>
            <AppLink to={createPath} className={buttonClass('secondary')}>
              {t('myGroups.empty.create')}
            </AppLink>
          </>
        ) : null}
      </div>
    </div>
  )
}
