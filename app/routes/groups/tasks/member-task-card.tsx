import { useTranslation } from 'react-i18next'
import type { TaskView } from '~/services/group-work/tasks.server'
import { AppLink } from '~/ui/app-link'
import { buttonClass } from '~/ui/button'
import { excerpt, TaskFacts, TaskStatusBadge } from './task-meta'

/**
 * A member's task, as a card (phone first): title (a link to the task), due date, done or not
 * done, the start of its description and "Write a loop" for those who send loops.
 */
export function MemberTaskCard({
  groupId,
  task,
  canWrite,
  headingLevel = 'h2',
}: {
  groupId: string
  task: TaskView
  canWrite: boolean
  headingLevel?: 'h2' | 'h3'
}) {
  const { t } = useTranslation()
  const Heading = headingLevel
  const headingId = `task-${task.id}-title`
  return (
    <article aria-labelledby={headingId} className="rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200">
      <div className="mb-1 flex flex-wrap items-start justify-between gap-2">
        <Heading id={headingId} className="text-base font-semibold break-words">
          <AppLink to={`/groups/${groupId}/tasks/${task.id}`} className="text-brand-700 underline hover:text-brand-600">
            {task.title}
          </AppLink>
        </Heading>
        <TaskStatusBadge task={task} forMember />
      </div>
      <TaskFacts task={task} showRoles={false} />
      {task.description ? <p className="mt-2 break-words whitespace-pre-line text-slate-800">{excerpt(task.description)}</p> : null}
      {canWrite ? (
        <AppLink
          to={`/groups/${groupId}/loops/new?task=${task.id}`}
          className={`${buttonClass(task.myLoopCount > 0 ? 'secondary' : 'primary')} mt-3 min-h-11`}
          aria-label={t('groupTasks.writeLoopOn', { title: task.title })}
        >
          {t('groupTasks.writeLoop')}
        </AppLink>
      ) : null}
    </article>
  )
}
