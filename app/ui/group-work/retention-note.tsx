import { useTranslation } from 'react-i18next'

/**
 * What every member is told about a group's retention (docs/group-work.md "Retention"): how long
 * loops, their comments and photos are kept, and why. On the group's overview and the loop form.
 */
export function RetentionNote({ months, purpose, id }: { months: number; purpose: string; id?: string }) {
  const { t } = useTranslation()
  return (
    <div id={id} className="text-sm text-slate-700">
      <p>{t('retention.kept', { count: months })}</p>
      <p className="mt-1">
        <span className="font-medium text-slate-800">{t('retention.purposeLabel')}</span>{' '}
        <span className="break-words whitespace-pre-line">{purpose}</span>
      </p>
    </div>
  )
}
