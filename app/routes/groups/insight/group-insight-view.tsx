import { useLocation } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import type { MemberFigure } from '~/services/group-work/insight-figures'
import type { GroupInsight } from '~/services/group-work/insight.server'
import { Section, sectionClass } from '~/ui/section'
import { ClassViewSwitch } from './class-view'
import { HeatMap } from './heat-map'
import { MemberTable } from './member-table'
import { TaskTable } from './task-table'
import { formatAverage, WeeksFigure } from './week-table'

/** The group's insight: summary, weeks, tasks, tasks × tags, members (flagged first) and the owner's class view switch. */
export function GroupInsightView({
  insight,
  members,
}: {
  insight: GroupInsight
  members: { rows: MemberFigure[]; page: number; pages: number }
}) {
  const { t, i18n } = useTranslation()
  const location = useLocation()
  const freeLabel = t('insight.freeLoops')
  const pageLink = (page: number) => {
    const search = new URLSearchParams(location.search)
    search.set('page', String(page))
    return `${location.pathname}?${search}#insight-members-title`
  }
  const { totals, flagged } = insight
  return (
    <>
      <Section titleId="insight-summary-title" title={t('insight.summary.title')} className={sectionClass}>
        <dl className="grid grid-cols-2 gap-3 text-sm sm:grid-cols-4">
          <div>
            <dt className="text-slate-700">{t('insight.loops')}</dt>
            <dd className="text-xl font-semibold tabular-nums">{totals.loops}</dd>
          </div>
          <div>
            <dt className="text-slate-700">{t('insight.summary.writers')}</dt>
            <dd className="text-xl font-semibold tabular-nums">
              {t('insight.writersOf', { writers: String(totals.writers), members: String(totals.members) })}
            </dd>
          </div>
          <div>
            <dt className="text-slate-700">{t('insight.average')}</dt>
            <dd className="text-xl font-semibold tabular-nums">{formatAverage(totals.average, i18n.language)}</dd>
          </div>
          <div>
            <dt className="text-slate-700">{t('insight.summary.flagged')}</dt>
            <dd className="font-medium">
              {insight.named && (flagged.quiet || flagged.falling) ? (
                <a href="#insight-members-title" className="text-brand-700 underline">
                  {t('insight.summary.flaggedCounts', { quiet: String(flagged.quiet), falling: String(flagged.falling) })}
                </a>
              ) : (
                t('insight.summary.flaggedCounts', { quiet: String(flagged.quiet), falling: String(flagged.falling) })
              )}
            </dd>
          </div>
        </dl>
        {totals.loops === 0 ? <p className="mt-3 text-sm text-slate-700">{t('insight.summary.empty')}</p> : null}
      </Section>

      <Section titleId="insight-weeks-title" title={t('insight.weeks.title')} intro={t('insight.weeks.intro')} className={sectionClass}>
        <WeeksFigure weeks={insight.weeks} caption={t('insight.weeks.caption')} />
      </Section>

      <Section titleId="insight-tasks-title" title={t('insight.tasks.title')} intro={t('insight.tasks.intro')} className={sectionClass}>
        {insight.tasks.length ? (
          <TaskTable tasks={insight.tasks} freeLabel={freeLabel} groupId={insight.group.id} />
        ) : (
          <p className="text-sm text-slate-700">{t('insight.tasks.empty')}</p>
        )}
      </Section>

      <Section titleId="insight-heat-title" title={t('insight.heat.title')} intro={t('insight.heat.intro')} className={sectionClass}>
        <HeatMap insight={insight} freeLabel={freeLabel} />
      </Section>

      <Section
        titleId="insight-members-title"
        title={t('insight.members.title')}
        intro={t('insight.members.intro')}
        className={sectionClass}
      >
        {!insight.named ? (
          <p className="text-sm text-slate-700">{t('insight.members.noNames')}</p>
        ) : members.rows.length ? (
          <MemberTable members={members.rows} page={members.page} pages={members.pages} pageLink={pageLink} groupId={insight.group.id} />
        ) : (
          <p className="text-sm text-slate-700">{t('insight.members.empty')}</p>
        )}
      </Section>

      {insight.classInsight.canChange ? (
        <Section
          titleId="insight-class-title"
          title={t('insight.classView.title')}
          intro={t('insight.classView.ownerIntro')}
          className={`${sectionClass} print:hidden`}
        >
          <ClassViewSwitch on={insight.classInsight.on} />
        </Section>
      ) : null}
    </>
  )
}
