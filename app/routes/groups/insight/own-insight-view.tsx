import { useTranslation } from 'react-i18next'
import type { ClassTask, OwnInsight } from '~/services/group-work/insight-own.server'
import { Section, sectionClass } from '~/ui/section'
import { ClassView } from './class-view'
import { formatAverage, WeeksFigure } from './week-table'

/** A member's own insight in the group: their values per week, the tags they used; and the class view when it is on. */
export function OwnInsightView({ own, classView }: { own: OwnInsight; classView: ClassTask[] | null }) {
  const { t, i18n } = useTranslation()
  return (
    <>
      <Section titleId="insight-own-title" title={t('insight.own.trendTitle')} className={sectionClass}>
        <p className="mb-3 text-sm text-slate-700">
          {own.loops
            ? t('insight.own.summary', { count: own.loops, average: formatAverage(own.average, i18n.language) })
            : t('insight.own.empty')}
        </p>
        {own.loops ? <WeeksFigure weeks={own.weeks} caption={t('insight.own.caption')} /> : null}
      </Section>
      <Section titleId="insight-own-tags-title" title={t('insight.own.tagsTitle')} className={sectionClass}>
        {own.tags.length ? (
          <ul className="flex flex-wrap gap-2 text-sm">
            {own.tags.map((tag) => (
              <li key={tag.id} className="rounded-full bg-slate-100 px-3 py-1">
                {t('insight.own.tag', { name: tag.name, count: tag.loops })}
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-slate-700">{t('insight.own.noTags')}</p>
        )}
      </Section>
      {classView ? (
        <Section
          titleId="insight-class-title"
          title={t('insight.classView.title')}
          intro={t('insight.classView.intro')}
          className={sectionClass}
        >
          <ClassView tasks={classView} />
        </Section>
      ) : null}
    </>
  )
}
