import { useTranslation } from 'react-i18next'
import type { AuditOutcome } from '~/services/audit.server'
import { actionText, actorText, failureTexts, outcomeSummary } from '~/ui/audit-entry'
import { AppLink } from '~/ui/app-link'
import { formatNumber, useFormatters } from '~/ui/format'
import { Section, sectionClass } from '~/ui/section'

/** What the organization home reports: the counts and the latest admin activity. */

type Counts = { members: number; groups: number; activeGroups: number; groupCreators: number; pendingInvitations: number }

export function CountsSection({ counts }: { counts: Counts }) {
  const { t, i18n } = useTranslation()
  const items = ['members', 'groups', 'activeGroups', 'groupCreators', 'pendingInvitations'] as const
  return (
    <Section titleId="org-counts-title" title={t('orgHome.counts.title')} className={sectionClass}>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3">
        {items.map((key) => (
          <div key={key} className="rounded-md bg-slate-50 p-3">
            <dt className="text-sm text-slate-600">{t(`orgHome.counts.${key}`)}</dt>
            <dd className="text-2xl font-semibold">{formatNumber(i18n.language, counts[key])}</dd>
          </div>
        ))}
      </dl>
    </Section>
  )
}

type Activity = {
  _id: string
  action: string
  actorName: string | null
  /** A change the organization's directory made over SCIM: actorName is its token's name. */
  byDirectory?: boolean
  itemCount: number
  created: string
  outcome: AuditOutcome
}

/** The colour of each outcome; the words say it too. */
export const outcomeClass: Record<AuditOutcome['kind'], string> = {
  success: 'text-green-800',
  partial: 'text-amber-800',
  failure: 'text-red-800',
  unfinished: 'text-amber-800',
}

/** An entry's result: what it came to in words, the items handled so far if unfinished, and its failures by code. */
export function ActivityResult({ outcome }: { outcome: AuditOutcome }) {
  const { t } = useTranslation()
  const { kind, total, counted, failures, members } = outcome
  const failureList = (list: AuditOutcome['failures']) => failureTexts(t, list).map((text, i) => <li key={list[i][0]}>{text}</li>)
  return (
    <>
      <span className={`font-medium ${outcomeClass[kind]}`}>{outcomeSummary(t, outcome)}</span>
      {kind === 'unfinished' ? <p className="mt-1 text-slate-700">{t('orgHome.activity.unfinished', { done: counted, total })}</p> : null}
      {failures.length && !outcome.rows ? <ul className="mt-1 text-slate-700">{failureList(failures)}</ul> : null}
      {members ? (
        <>
          <p className="mt-1 text-slate-700">{t('orgHome.activity.members', { succeeded: members.succeeded, total: members.total })}</p>
          {members.failures.length ? <ul className="text-slate-700">{failureList(members.failures)}</ul> : null}
        </>
      ) : null}
    </>
  )
}

/** The latest entries, with "Show all" leading to the organization's audit log (`auditHref`). */
export function ActivitySection({ activity, auditHref }: { activity: Activity[]; auditHref?: string }) {
  const { t } = useTranslation()
  const { dateTime } = useFormatters()
  return (
    <Section titleId="org-activity-title" title={t('orgHome.activity.title')} className={sectionClass}>
      {activity.length === 0 ? (
        <p className="text-slate-700">{t('orgHome.activity.empty')}</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full min-w-[40rem] text-sm">
            <thead className="border-b border-slate-200 text-left">
              <tr>
                <th scope="col" className="px-3 py-2 font-semibold">
                  {t('orgHome.activity.when')}
                </th>
                <th scope="col" className="px-3 py-2 font-semibold">
                  {t('orgHome.activity.who')}
                </th>
                <th scope="col" className="px-3 py-2 font-semibold">
                  {t('orgHome.activity.what')}
                </th>
                <th scope="col" className="px-3 py-2 text-right font-semibold">
                  {t('orgHome.activity.items')}
                </th>
                <th scope="col" className="px-3 py-2 font-semibold">
                  {t('orgHome.activity.result')}
                </th>
              </tr>
            </thead>
            <tbody>
              {activity.map((entry) => (
                <tr key={entry._id} className="border-b border-slate-100 align-top">
                  <td className="whitespace-nowrap px-3 py-2">
                    <time dateTime={entry.created}>{dateTime(entry.created)}</time>
                  </td>
                  <td className="px-3 py-2">{actorText(t, entry)}</td>
                  <td className="px-3 py-2">{actionText(t, entry.action)}</td>
                  <td className="px-3 py-2 text-right">{entry.itemCount}</td>
                  <td className="px-3 py-2">
                    <ActivityResult outcome={entry.outcome} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {auditHref ? (
        <p className="mt-3">
          <AppLink to={auditHref} className="font-medium text-brand-700 underline">
            {t('orgHome.activity.showAll')}
          </AppLink>
        </p>
      ) : null}
    </Section>
  )
}

/** "Could not load organizations." / "Could not update organizations." with "Try again?" (spec section 8). */
