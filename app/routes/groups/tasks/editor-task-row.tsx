import { Form } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import type { TaskView } from '~/services/group-work/tasks.server'
import { AppLink } from '~/ui/app-link'
import { Button } from '~/ui/button'
import { useFormatters } from '~/ui/format'
import { useIntentPendingFor } from '~/ui/use-intent-pending'

const smallButton = '!min-h-11 !px-3 !py-1 text-sm'

/**
 * One task in the editor's list, kept small (a package brings 60 tasks: the list stays under 800
 * elements on a phone): the title links to the task's page, where it is edited, published at a
 * time, taken back to a draft or deleted; its status (a draft or a scheduled one marked), roles,
 * due day and loops in one line; and one form whose buttons move it up or down and publish a
 * draft now.
 */
export function EditorTaskRow({
  groupId,
  task,
  first,
  last,
  editable,
}: {
  groupId: string
  task: TaskView
  first: boolean
  last: boolean
  editable: boolean
}) {
  const { t } = useTranslation()
  const { date, dateTime } = useFormatters()
  const pending = useIntentPendingFor()
  const headingId = `task-${task.id}-title`
  const ids = { taskId: task.id }
  const status = t(`groupTasks.status.${task.status}`, { date: dateTime(task.publishedAt) })
  const facts = [
    t('groupTasks.forRoles', { roles: task.roles.map((r) => t(`groupTasks.roles.${r}`)).join(', ') }),
    task.dueAt ? t('groupTasks.due', { date: date(task.dueAt) }) : null,
    t('groupTasks.loopCount', { count: task.loopCount }),
  ].filter(Boolean)
  return (
    <article aria-labelledby={headingId} className="space-y-1 rounded-lg bg-white p-3 shadow-sm ring-1 ring-slate-200">
      <h3 id={headingId} className="font-semibold break-words">
        <AppLink to={`/groups/${groupId}/tasks/${task.id}`} className="text-brand-700 underline hover:text-brand-600">
          {task.title}
        </AppLink>
      </h3>
      {/* The status leads the line; a draft or a scheduled task stands out (a published one is the usual case). */}
      <p className="text-sm text-slate-700">
        {task.status === 'published' ? (
          status
        ) : (
          <strong className="rounded bg-amber-100 px-1.5 font-semibold text-amber-900">{status}</strong>
        )}
        {` · ${facts.join(' · ')}`}
      </p>
      {editable ? (
        <Form method="post" className="flex flex-wrap gap-2">
          <input type="hidden" name="taskId" value={task.id} />
          <Button
            type="submit"
            name="intent"
            value="move-up"
            variant="secondary"
            className={smallButton}
            disabled={first}
            aria-label={t('groupTasks.actions.moveUpTask', { title: task.title })}
            pending={pending('move-up', ids)}
          >
            {t('groupTasks.actions.moveUp')}
          </Button>
          <Button
            type="submit"
            name="intent"
            value="move-down"
            variant="secondary"
            className={smallButton}
            disabled={last}
            aria-label={t('groupTasks.actions.moveDownTask', { title: task.title })}
            pending={pending('move-down', ids)}
          >
            {t('groupTasks.actions.moveDown')}
          </Button>
          {task.status === 'published' ? null : (
            <Button
              type="submit"
              name="intent"
              value="publish-now"
              className={smallButton}
              aria-label={t('groupTasks.actions.publishNowTask', { title: task.title })}
              pending={pending('publish-now', ids)}
            >
              {t('groupTasks.actions.publishNow')}
            </Button>
          )}
        </Form>
      ) : null}
    </article>
  )
}
