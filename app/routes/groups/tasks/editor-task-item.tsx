import type { SubmissionResult } from '@conform-to/react'
import { Form } from '@remix-run/react'
import { useRef } from 'react'
import { useTranslation } from 'react-i18next'
import type { TaskView } from '~/services/group-work/tasks.server'
import { AppLink } from '~/ui/app-link'
import { Button } from '~/ui/button'
import { ConfirmButton } from '~/ui/confirm-dialog'
import { Field } from '~/ui/field'
import { serverForm } from '~/ui/server-form'
import { useHydrated } from '~/ui/use-hydrated'
import { useIntentPendingFor } from '~/ui/use-intent-pending'
import { TaskForm } from './task-form'
import { excerpt, TaskFacts, TaskStatusBadge } from './task-meta'

const smallButton = '!min-h-11 !px-3 !py-1 text-sm'

/**
 * One task in the editor's list: its status (drafts marked), facts and loop count, and its
 * actions, each a small form that works without JavaScript: move up or down, publish now or back
 * to a draft, publish at a time, edit (a disclosure with the task's form) and delete (asked first:
 * a dialog with JavaScript, the page's ConfirmPanel without, naming the loops on it).
 */
export function EditorTaskItem({
  groupId,
  task,
  first,
  last,
  editable,
  answer,
}: {
  groupId: string
  task: TaskView
  first: boolean
  last: boolean
  editable: boolean
  /** The server's answer to this task's edit or schedule form, with errors. */
  answer?: { intent: 'update' | 'publish'; result: SubmissionResult<string[]> }
}) {
  const { t } = useTranslation()
  const pending = useIntentPendingFor()
  const hydrated = useHydrated()
  const deleteRef = useRef<HTMLFormElement>(null)
  const headingId = `task-${task.id}-title`
  const ids = { taskId: task.id }
  const schedule = serverForm(answer?.intent === 'publish' ? answer.result : undefined)
  return (
    <article aria-labelledby={headingId} className="rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200">
      <div className="mb-1 flex flex-wrap items-start justify-between gap-2">
        <h3 id={headingId} className="text-base font-semibold break-words">
          <AppLink to={`/groups/${groupId}/tasks/${task.id}`} className="text-brand-700 underline hover:text-brand-600">
            {task.title}
          </AppLink>
        </h3>
        <TaskStatusBadge task={task} forMember={false} />
      </div>
      <TaskFacts task={task} showRoles />
      <p className="text-sm text-slate-700">{t('groupTasks.loopCount', { count: task.loopCount })}</p>
      {task.description ? <p className="mt-2 break-words whitespace-pre-line text-slate-800">{excerpt(task.description)}</p> : null}
      {editable ? (
        <div className="mt-3 space-y-3">
          <div className="flex flex-wrap gap-2">
            <Form method="post" className="contents">
              <input type="hidden" name="intent" value="move" />
              <input type="hidden" name="taskId" value={task.id} />
              <Button
                type="submit"
                name="direction"
                value="up"
                variant="secondary"
                className={smallButton}
                disabled={first}
                aria-label={t('groupTasks.actions.moveUpTask', { title: task.title })}
                pending={pending('move', { ...ids, direction: 'up' })}
              >
                {t('groupTasks.actions.moveUp')}
              </Button>
              <Button
                type="submit"
                name="direction"
                value="down"
                variant="secondary"
                className={smallButton}
                disabled={last}
                aria-label={t('groupTasks.actions.moveDownTask', { title: task.title })}
                pending={pending('move', { ...ids, direction: 'down' })}
              >
                {t('groupTasks.actions.moveDown')}
              </Button>
            </Form>
            <Form method="post" className="contents">
              <input type="hidden" name="intent" value="publish" />
              <input type="hidden" name="taskId" value={task.id} />
              {task.status === 'published' ? (
                <Button
                  type="submit"
                  name="publish"
                  value="draft"
                  variant="secondary"
                  className={smallButton}
                  aria-label={t('groupTasks.actions.unpublishTask', { title: task.title })}
                  pending={pending('publish', { ...ids, publish: 'draft' })}
                >
                  {t('groupTasks.actions.unpublish')}
                </Button>
              ) : (
                <Button
                  type="submit"
                  name="publish"
                  value="now"
                  className={smallButton}
                  aria-label={t('groupTasks.actions.publishNowTask', { title: task.title })}
                  pending={pending('publish', { ...ids, publish: 'now' })}
                >
                  {t('groupTasks.actions.publishNow')}
                </Button>
              )}
            </Form>
            <Form method="post" ref={deleteRef} className="contents">
              <input type="hidden" name="intent" value="delete" />
              <input type="hidden" name="taskId" value={task.id} />
              {hydrated ? <input type="hidden" name="confirmed" value="1" /> : null}
              <ConfirmButton
                variant="danger"
                className={smallButton}
                aria-label={t('groupTasks.actions.deleteTask', { title: task.title })}
                dialogId={`delete-task-${task.id}`}
                pending={pending('delete', ids)}
                confirm={
                  hydrated
                    ? {
                        title: t('groupTasks.confirm.deleteTitle'),
                        body: t(task.loopCount ? 'groupTasks.confirm.deleteBody' : 'groupTasks.confirm.deleteBodyNone', {
                          title: task.title,
                          count: task.loopCount,
                        }),
                        action: t('groupTasks.confirm.deleteAction'),
                      }
                    : undefined
                }
                onConfirm={() => deleteRef.current?.requestSubmit()}
              >
                {t('groupTasks.actions.delete')}
              </ConfirmButton>
            </Form>
          </div>
          <details open={answer?.intent === 'publish' || undefined} className="rounded-md border border-slate-200 p-3">
            <summary className="cursor-pointer font-medium" aria-label={t('groupTasks.actions.scheduleTask', { title: task.title })}>
              {t('groupTasks.actions.schedule')}
            </summary>
            <Form method="post" noValidate className="mt-3 flex flex-wrap items-end gap-2">
              <input type="hidden" name="intent" value="publish" />
              <input type="hidden" name="taskId" value={task.id} />
              <input type="hidden" name="publish" value="at" />
              <div className="min-w-[14rem] flex-1">
                <Field
                  label={t('groupTasks.form.publishAtLabel')}
                  errors={schedule.errors('publishAt')}
                  inputProps={{
                    ...schedule.input(`schedule-${task.id}`, 'publishAt', '', ['publishAt']),
                    type: 'datetime-local',
                    required: true,
                  }}
                />
              </div>
              <Button type="submit" variant="secondary" className={smallButton} pending={pending('publish', { ...ids, publish: 'at' })}>
                {t('groupTasks.actions.scheduleSubmit')}
              </Button>
            </Form>
          </details>
          <details open={answer?.intent === 'update' || undefined} className="rounded-md border border-slate-200 p-3">
            <summary className="cursor-pointer font-medium" aria-label={t('groupTasks.actions.editTask', { title: task.title })}>
              {t('groupTasks.actions.edit')}
            </summary>
            <div className="mt-3">
              <h4 id={`task-${task.id}-heading`} className="sr-only">
                {t('groupTasks.form.editTitle')}
              </h4>
              <TaskForm task={task} lastResult={answer?.intent === 'update' ? answer.result : undefined} />
            </div>
          </details>
        </div>
      ) : null}
    </article>
  )
}
