import { useTranslation } from 'react-i18next'
import type { AuditOutcome } from '~/services/audit.server'
import { useFormatters } from '~/ui/format'
import { sectionClass } from './settings-sections'

/** What the organization home reports: the counts and the latest admin activity. */

type Counts = { members: number; groups: number; activeGroups: number; groupCreators: number; pendingInvitations: number }

export function CountsSection({ counts }: { counts: Counts }) {
  const { t, i18n } = useTranslation()
  const number = new Intl.NumberFormat(i18n.language === 'en' ? 'en-GB' : 'sv-SE')
  const items = ['members', 'groups', 'activeGroups', 'groupCreators', 'pendingInvitations'] as const
  return (
    <section aria-labelledby="org-counts-title" className={sectionClass}>
      <h2 id="org-counts-title" className="mb-3 text-lg font-semibold">
        {t('orgHome.counts.title')}
      </h2>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3">
        {items.map((key) => (
          <div key={key} className="rounded-md bg-slate-50 p-3">
            <dt className="text-sm text-slate-600">{t(`orgHome.counts.${key}`)}</dt>
            <dd className="text-2xl font-semibold">{number.format(counts[key])}</dd>
          </div>
        ))}
      </dl>
    </section>
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
const outcomeClass: Record<AuditOutcome['kind'], string> = {
  success: 'text-green-800',
  partial: 'text-amber-800',
  failure: 'text-red-800',
  unfinished: 'text-amber-800',
}

/** An entry's result: what it came to in words, the items handled so far if unfinished, and its failures by code. */
function ActivityResult({ outcome }: { outcome: AuditOutcome }) {
  const { t } = useTranslation()
  const { kind, succeeded, total, counted, failures, members } = outcome
  // One change (not a list of items) is done, or done with problems (a group created without some of its members).
  const summary =
    outcome.single && kind === 'success'
      ? t('orgHome.activity.done')
      : outcome.single && kind === 'partial'
        ? t('orgHome.activity.doneWithProblems')
        : t(`orgHome.activity.outcome.${kind}`, { succeeded, total })
  const failureList = (list: AuditOutcome['failures']) =>
    list.map(([code, count]) => (
      <li key={code}>{t('orgHome.activity.failure', { message: t(`errors.${code}`, { defaultValue: code }), count })}</li>
    ))
  return (
    <>
      <span className={`font-medium ${outcomeClass[kind]}`}>{summary}</span>
      {kind === 'unfinished' ? <p className="mt-1 text-slate-700">{t('orgHome.activity.unfinished', { done: counted, total })}</p> : null}
      {failures.length ? <ul className="mt-1 text-slate-700">{failureList(failures)}</ul> : null}
      {members ? (
        <>
          <p className="mt-1 text-slate-700">{t('orgHome.activity.members', { succeeded: members.succeeded, total: members.total })}</p>
          {members.failures.length ? <ul className="text-slate-700">{failureList(members.failures)}</ul> : null}
        </>
      ) : null}
    </>
  )
}

export function ActivitySection({ activity }: { activity: Activity[] }) {
  const { t } = useTranslation()
  const { dateTime } = useFormatters()
  return (
    <section aria-labelledby="org-activity-title" className={sectionClass}>
      <h2 id="org-activity-title" className="mb-3 text-lg font-semibold">
        {t('orgHome.activity.title')}
      </h2>
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
                  <td className="px-3 py-2">
                    {entry.actorName === null
                      ? t('orgHome.activity.unknownActor')
                      : entry.byDirectory
                        ? t('orgHome.activity.byDirectory', { name: entry.actorName })
                        : entry.actorName}
                  </td>
                  <td className="px-3 py-2">
                    {t(`orgHome.activity.actions.${entry.action.replace(/\./g, '_')}`, { defaultValue: entry.action })}
                  </td>
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
    </section>
  )
}

/** "Could not load organizations." / "Could not update organizations." with "Try again?" (spec section 8). */
