import { useTranslation } from 'react-i18next'
import type { TaskFigure } from '~/services/group-work/insight-figures'
import { DataTable, type Column } from '~/ui/data-table'
import { DistributionBar } from './charts'
import { formatAverage } from './week-table'

/** Per task: who of those it is for wrote, the average and spread of the emotional value, the values' distribution. */
export function TaskTable({ tasks, freeLabel }: { tasks: TaskFigure[]; freeLabel: string }) {
  const { t, i18n } = useTranslation()
  const number = (v: number | null) => formatAverage(v, i18n.language)
  const columns: Column<TaskFigure>[] = [
    { header: t('insight.task'), cell: (task) => <span className="break-words">{task.id ? task.title : freeLabel}</span> },
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
      cell: (task) =>
        task.loops ? (
          <div className="min-w-[8rem]">
            <DistributionBar counts={task.distribution} />
            <span className="text-xs text-slate-700 tabular-nums">{task.distribution.map((n, i) => `${i + 1}: ${n}`).join(' · ')}</span>
          </div>
        ) : (
          '–'
        ),
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
