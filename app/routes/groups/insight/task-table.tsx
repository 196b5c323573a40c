import { useTranslation } from 'react-i18next'
import type { TaskFigure } from '~/services/group-work/insight-figures'
import { FREE_LOOP } from '~/utils/group-work-limits'
import { AppLink } from '~/ui/app-link'
import { DataTable, type Column } from '~/ui/data-table'
import { formatAverage } from './week-table'

/** Per task (its name leads to its loops): who of those it is for wrote, the average and spread of the emotional value, how many loops had each value. */
export function TaskTable({ tasks, freeLabel, groupId }: { tasks: TaskFigure[]; freeLabel: string; groupId: string }) {
  const { t, i18n } = useTranslation()
  const number = (v: number | null) => formatAverage(v, i18n.language)
  const columns: Column<TaskFigure>[] = [
    {
      header: t('insight.task'),
      cell: (task) => (
        <AppLink to={`/groups/${groupId}/loops?task=${task.id ?? FREE_LOOP}`} className="break-words text-brand-700 underline">
          {task.id ? task.title : freeLabel}
        </AppLink>
      ),
    },
    {
      header: t('insight.writers'),
      cell: (task) => t('insight.writersOf', { writers: String(task.writers), members: String(task.members) }),
      className: 'tabular-nums whitespace-nowrap',
    },
    { header: t('insight.loops'), cell: (task) => task.loops, className: 'tabular-nums' },
    { header: t('insight.average'), cell: (task) => number(task.average), className: 'tabular-nums' },
    { header: t('insight.spread'), cell: (task) => number(task.spread), className: 'tabular-nums' },
    {
      header: t('insight.distribution'),
      cell: (task) => (task.loops ? task.distribution.map((n, i) => `${i + 1}: ${n}`).join(' · ') : '–'),
      className: 'text-xs text-slate-700 tabular-nums',
    },
  ]
  return (
    <DataTable
      caption={t('insight.tasks.caption')}
      columns={columns}
      rows={tasks}
      rowKey={(task) => task.id ?? 'free'}
      sort=""
      dir="asc"
      loading={false}
    />
  )
}
