import { useTranslation } from 'react-i18next'
import type { Invitation } from '~/services/invitations/invitations.server'
import { useFormatters } from '~/ui/format'
import { Section } from '~/ui/section'

const STATUS_CLASS: Record<Invitation['status'], string> = {
  pending: 'bg-amber-100 text-amber-900',
  used: 'bg-green-100 text-green-900',
  declined: 'bg-red-100 text-red-900',
  expired: 'bg-slate-200 text-slate-800',
}

/**
 * The group's invitations sent by email, for those who invite (owners, leaders, admins): to whom,
 * when, and what became of each: waiting, accepted, declined in the invitee's inbox, or expired.
 */
export function SentInvitations({ invitations }: { invitations: Invitation[] }) {
  const { t } = useTranslation()
  const { dateTime } = useFormatters()
  return (
    <Section
      titleId="sent-invitations-title"
      title={t('groupHome.sentInvitations.title')}
      intro={t('groupHome.sentInvitations.intro')}
      className="max-w-3xl"
    >
      {invitations.length === 0 ? (
        <p className="rounded-md bg-slate-50 p-4 text-slate-700 ring-1 ring-slate-200">{t('groupHome.sentInvitations.empty')}</p>
      ) : (
        <ul aria-labelledby="sent-invitations-title" className="divide-y divide-slate-200 rounded-lg bg-white ring-1 ring-slate-200">
          {invitations.map((inv) => (
            <li key={inv._id} className="flex flex-wrap items-center justify-between gap-2 px-4 py-2 text-sm">
              <span className="min-w-0 break-all font-medium">{inv.email}</span>
              <span className="flex items-center gap-3 text-slate-700">
                <time dateTime={inv.created}>{dateTime(inv.created)}</time>
                <span className={`rounded-full px-2 py-0.5 text-xs font-medium ${STATUS_CLASS[inv.status]}`}>
                  {t(`groupHome.sentInvitations.statusName.${inv.status}`)}
                </span>
              </span>
            </li>
          ))}
        </ul>
      )}
    </Section>
  )
}
