import { useTranslation } from 'react-i18next'
import { AppLink } from '~/ui/app-link'
import { useFormatters } from '~/ui/format'
import type { RenderedFeed } from './alert-text.server'

/** The alerts of a page, under a heading per day (today, yesterday, or the date); unseen ones marked. */
export function FeedList({ feed, dimmed }: { feed: RenderedFeed; dimmed: boolean }) {
  const { t } = useTranslation()
  const { date, dateTime } = useFormatters()
  const dayLabel = (day: string, first: string) =>
    day === feed.today ? t('feed.today') : day === feed.yesterday ? t('feed.yesterday') : date(first)
  return (
    <div className={`flex flex-col gap-6 ${dimmed ? 'opacity-60' : ''}`}>
      {feed.days.map((group) => (
        <section key={group.day} aria-labelledby={`day-${group.day}`}>
          <h2 id={`day-${group.day}`} className="mb-2 text-sm font-semibold uppercase tracking-wide text-slate-600">
            <time dateTime={group.day}>{dayLabel(group.day, group.alerts[0]!.created)}</time>
          </h2>
          <ul className="divide-y divide-slate-100 rounded-lg bg-white shadow-sm ring-1 ring-slate-200">
            {group.alerts.map((alert) => (
              <li
                key={alert.id}
                className={`flex items-start gap-3 px-4 py-3 ${alert.unseen ? 'bg-brand-50' : ''}`}
                data-unseen={alert.unseen || undefined}
              >
                <span aria-hidden className={`mt-2 size-2 shrink-0 rounded-full ${alert.unseen ? 'bg-brand-600' : 'bg-transparent'}`} />
                <div className="min-w-0 flex-1">
                  <p>
                    {alert.unseen ? <span className="sr-only">{t('feed.unseen')}: </span> : null}
                    {alert.href ? (
                      <AppLink to={alert.href} className="text-brand-700 underline-offset-2 hover:underline">
                        {alert.text}
                      </AppLink>
                    ) : (
                      alert.text
                    )}
                    {alert.note ? <span className="text-slate-600"> {alert.note}</span> : null}
                  </p>
                  <p className="text-sm text-slate-600">
                    <time dateTime={alert.created}>{dateTime(alert.created)}</time>
                  </p>
                </div>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  )
}
