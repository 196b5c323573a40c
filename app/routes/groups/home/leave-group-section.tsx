import { useTranslation } from 'react-i18next'
import { LeaveGroupForm } from '../leave-group-form'

/**
 * Leaving the group, for a member who is not its owner: the button asks first (a dialog with
 * JavaScript; without it the server's ConfirmPanel, then a redirect to /groups). The owner is
 * told to hand the group over first, and where: "Make owner" on a member's row.
 */
export function LeaveGroupSection({ groupId, groupName, isOwner }: { groupId: string; groupName: string; isOwner: boolean }) {
  const { t } = useTranslation()
  return (
    <section aria-labelledby="leave-group-title" className="max-w-xl rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200">
      <h2 id="leave-group-title" className="mb-1 text-lg font-semibold">
        {t('groupHome.leave.title')}
      </h2>
      {isOwner ? (
        <p className="text-slate-700">
          {t('groupHome.leave.ownerBody')}{' '}
          <a href="#group-members-title" className="text-brand-700 underline">
            {t('groupHome.leave.ownerLink')}
          </a>
        </p>
      ) : (
        <>
          <p className="mb-3 text-slate-700">{t('groupHome.leave.body')}</p>
          <LeaveGroupForm groupId={groupId} name={groupName} label={t('groupHome.leave.submit')} />
        </>
      )}
    </section>
  )
}
