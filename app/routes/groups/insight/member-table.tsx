import { useTranslation } from 'react-i18next'
import type { MemberFigure } from '~/services/group-work/insight-figures'
import { AppLink } from '~/ui/app-link'
import { buttonClass } from '~/ui/button'
import { DataTable, type Column } from '~/ui/data-table'
import { useFormatters } from '~/ui/format'
import { Sparkline } from './charts'
import { formatAverage } from './week-table'

/**
 * Per member: loops, the last loop, the average and the trend (a small line of the weekly
 * averages, an image named by its values); quiet and falling members first, marked in words.
 * A page of INSIGHT_MEMBERS_PAGE members; `pageLink` keeps the range and role.
 */
export function MemberTable({
  members,
  page,
  pages,
  pageLink,
  groupId,
}: {
  members: MemberFigure[]
  page: number
  pages: number
  pageLink: (page: number) => string
  groupId: string
}) {
  const { t, i18n } = useTranslation()
  const { date } = useFormatters()
  const columns: Column<MemberFigure>[] = [
    {
      header: t('insight.member'),
      cell: (m) => (
        <span className="break-words">
          <AppLink to={`/groups/${groupId}/loops?member=${m.id}`} className="text-brand-700 underline">
            {m.name}
          </AppLink>
          {m.quiet ? (
            <span className="ml-2 rounded bg-amber-100 px-1.5 py-0.5 text-xs font-medium text-amber-900">{t('insight.quiet')}</span>
          ) : null}
          {m.falling ? (
            <span className="ml-2 rounded bg-red-100 px-1.5 py-0.5 text-xs font-medium text-red-900">{t('insight.falling')}</span>
          ) : null}
        </span>
      ),
    },
    { header: t('insight.loops'), cell: (m) => m.loops, className: 'tabular-nums' },
    { header: t('insight.lastLoop'), cell: (m) => (m.lastLoop ? date(m.lastLoop) : t('insight.never')), className: 'whitespace-nowrap' },
    { header: t('insight.average'), cell: (m) => formatAverage(m.average, i18n.language), className: 'tabular-nums' },
    {
      header: t('insight.trend'),
      cell: (m) =>
        m.loops ? (
          <Sparkline
            values={m.trend}
            label={t('insight.trendOf', { values: m.trend.map((v) => formatAverage(v, i18n.language)).join(', ') })}
          />
        ) : (
          '–'
        ),
    },
  ]
  return (
    <>
      <DataTable
        caption={t('insight.members.caption')}
        columns={columns}
        rows={members}
        rowKey={(m) => m.id}
        sort=""
        dir="asc"
        loading={false}
      />
      {pages > 1 ? (
        <nav aria-label={t('insight.members.pages')} className="mt-3 flex flex-wrap items-center gap-4 text-sm print:hidden">
          {page > 1 ? (
            <AppLink to={pageLink(page - 1)} className={buttonClass('link')}>
              {t('insight.members.previous')}
            </AppLink>
          ) : null}
          <span>{t('insight.members.pageOf', { page: String(page), pages: String(pages) })}</span>
          {page < pages ? (
            <AppLink to={pageLink(page + 1)} className={buttonClass('link')}>
              {t('insight.members.next')}
            </AppLink>
          ) : null}
        </nav>
      ) : null}
    </>
  )
}
