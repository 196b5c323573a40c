import { useTranslation } from 'react-i18next'
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
  result: Record<string, unknown>
  created: string
  finished: boolean
}

/** Result counts of an audit entry: error codes are the upper-case keys with a number. */
function outcome(entry: Activity) {
  const codes = Object.entries(entry.result).filter((e): e is [string, number] => /^[A-Z][A-Z_]*$/.test(e[0]) && typeof e[1] === 'number')
  const succeeded = codes.find(([code]) => code === 'SUCCESS')?.[1] ?? 0
  const counted = codes.reduce((sum, [, n]) => sum + n, 0)
  // An unfinished bulk action counts what it committed so far, out of all its items.
  const total = entry.finished ? counted || entry.itemCount : entry.itemCount
  return { succeeded, counted, total, failures: codes.filter(([code]) => code !== 'SUCCESS') }
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
              {activity.map((entry) => {
                const { succeeded, counted, total, failures } = outcome(entry)
                return (
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
                      <span className={failures.length || !entry.finished ? 'text-red-800' : 'text-green-800'}>
                        {t('orgHome.activity.summary', { succeeded, total })}
                      </span>
                      {entry.finished ? null : (
                        <p className="mt-1 text-slate-700">{t('orgHome.activity.unfinished', { done: counted, total })}</p>
                      )}
                      {failures.length ? (
                        <ul className="mt-1 text-slate-700">
                          {failures.map(([code, count]) => (
                            <li key={code}>
                              {t('orgHome.activity.failure', { message: t(`errors.${code}`, { defaultValue: code }), count })}
                            </li>
                          ))}
                        </ul>
                      ) : null}
                    </td>
                  </tr>
                )
              })}
            </tbody>
          </table>
        </div>
      )}
    </section>
  )
}

/** "Could not load organizations." / "Could not update organizations." with "Try again?" (spec section 8). */
