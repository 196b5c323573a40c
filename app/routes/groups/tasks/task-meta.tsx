import { useTranslation } from 'react-i18next'
import type { TaskView } from '~/services/group-work/tasks.server'
import { useFormatters } from '~/ui/format'

/** A task's status badge: draft, scheduled (with its date) or published; for a member done or not done. */
export function TaskStatusBadge({ task, forMember }: { task: TaskView; forMember: boolean }) {
  const { t } = useTranslation()
  const { dateTime } = useFormatters()
  if (forMember) {
    const done = task.myLoopCount > 0
    return (
      <span
        className={`rounded-full px-2 py-0.5 text-xs font-medium ${done ? 'bg-green-100 text-green-900' : 'bg-slate-100 text-slate-800'}`}
      >
        {done ? t('groupTasks.status.done') : t('groupTasks.status.notDone')}
      </span>
    )
  }
  const tone =
    task.status === 'published'
      ? 'bg-green-100 text-green-900'
      : task.status === 'draft'
        ? 'bg-amber-100 text-amber-900'
        : 'bg-sky-100 text-sky-900'
  return (
    <span className={`rounded-full px-2 py-0.5 text-xs font-medium ${tone}`}>
      {t(`groupTasks.status.${task.status}`, { date: dateTime(task.publishedAt) })}
    </span>
  )
}

/** The due date and (for those who see every task) the roles it is for. */
export function TaskFacts({ task, showRoles }: { task: TaskView; showRoles: boolean }) {
  const { t } = useTranslation()
  const { date } = useFormatters()
  const facts = [
    task.dueAt ? t('groupTasks.due', { date: date(task.dueAt) }) : null,
    showRoles ? t('groupTasks.forRoles', { roles: task.roles.map((r) => t(`groupTasks.roles.${r}`)).join(', ') }) : null,
  ].filter(Boolean)
  if (!facts.length) return null
  return <p className="text-sm text-slate-700">{facts.join(' · ')}</p>
}

/** The first lines of a description. */
export const excerpt = (text: string, max = 180) => (text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text)
