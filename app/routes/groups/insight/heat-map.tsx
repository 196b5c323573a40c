import { useTranslation } from 'react-i18next'
import type { GroupInsight } from '~/services/group-work/insight.server'
import { FREE_LOOP } from '~/utils/group-work-limits'
import { AppLink } from '~/ui/app-link'

/** ColorBrewer's sequential blues (colour-blind safe); the count is written in every cell, so colour is never the only sign. */
const SHADES = ['#eff3ff', '#bdd7e7', '#6baed6', '#3182bd', '#08519c']

const shadeOf = (n: number, max: number) =>
  n ? SHADES[Math.min(SHADES.length - 1, Math.ceil((n / max) * (SHADES.length - 1)))] : '#ffffff'

/**
 * Tasks × tags: which tasks lead to which tags, as a heat map. It is a table (a row per task with
 * loops, a column per tag used in the range, the count in each cell), so screen readers and
 * print read it as it is; the cells' shade shows the same counts at a glance (ADR 023).
 */
export function HeatMap({ insight, freeLabel }: { insight: GroupInsight; freeLabel: string }) {
  const { t } = useTranslation()
  const rows = insight.tasks.filter((task) => Object.keys(task.tags).length)
  if (!rows.length || !insight.tags.length) return <p className="text-sm text-slate-700">{t('insight.heat.empty')}</p>
  const max = Math.max(...rows.flatMap((task) => Object.values(task.tags)))
  return (
    <div className="overflow-x-auto">
      <table className="border-collapse text-sm [print-color-adjust:exact]">
        <caption className="sr-only">{t('insight.heat.caption')}</caption>
        <thead>
          <tr>
            <th scope="col" className="px-2 py-1 text-left font-medium">
              {t('insight.task')}
            </th>
            {insight.tags.map((tag) => (
              <th key={tag.id} scope="col" className="max-w-[6rem] px-2 py-1 text-center align-bottom font-medium break-words">
                {tag.name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((task) => (
            <tr key={task.id ?? 'free'}>
              <th scope="row" className="max-w-[14rem] px-2 py-1 text-left font-normal break-words">
                <AppLink to={`/groups/${insight.group.id}/loops?task=${task.id ?? FREE_LOOP}`} className="text-brand-700 underline">
                  {task.id ? task.title : freeLabel}
                </AppLink>
              </th>
              {insight.tags.map((tag) => {
                const n = task.tags[tag.id] ?? 0
                return (
                  <td
                    key={tag.id}
                    className={`min-w-[2.75rem] border border-white px-2 py-1 text-center tabular-nums ${n && n / max > 0.5 ? 'text-white' : 'text-slate-900'}`}
                    style={{ background: shadeOf(n, max) }}
                  >
                    {n}
                  </td>
                )
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}
