import { useTranslation } from 'react-i18next'
import type { WeekFigure } from '~/services/group-work/insight-figures'
import { WeekChart } from './charts'

const formatAverage = (v: number | null, locale: string) => (v === null ? '–' : v.toLocaleString(locale === 'en' ? 'en-GB' : 'sv-SE'))

/** Loops and the average emotional value per week: the chart, and its numbers as a table for screen readers. */
export function WeeksFigure({ weeks, caption }: { weeks: WeekFigure[]; caption: string }) {
  const { t, i18n } = useTranslation()
  const label = (monday: string) => t('insight.weekOf', { date: monday.slice(5).replace('-', '/') })
  return (
    <figure>
      <WeekChart
        weeks={weeks.map((w) => ({ label: w.week.slice(5).replace('-', '/'), loops: w.loops, average: w.average }))}
        legend={{ loops: t('insight.loops'), average: t('insight.average') }}
      />
      <table className="sr-only">
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{t('insight.week')}</th>
            <th scope="col">{t('insight.loops')}</th>
            <th scope="col">{t('insight.average')}</th>
          </tr>
        </thead>
        <tbody>
          {weeks.map((w) => (
            <tr key={w.week}>
              <th scope="row">{label(w.week)}</th>
              <td>{w.loops}</td>
              <td>{formatAverage(w.average, i18n.language)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  )
}

export { formatAverage }
