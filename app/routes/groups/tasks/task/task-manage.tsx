import type { SubmissionResult } from '@conform-to/react'
import { Form } from '@remix-run/react'
import { useRef } from 'react'
import { useTranslation } from 'react-i18next'
import type { TaskView } from '~/services/group-work/tasks.server'
import { Button } from '~/ui/button'
import { ConfirmButton } from '~/ui/confirm-dialog'
import { Field } from '~/ui/field'
import { serverForm } from '~/ui/server-form'
import { useHydrated } from '~/ui/use-hydrated'
import { useIntentPendingFor } from '~/ui/use-intent-pending'
import { sectionClass } from '~/ui/section'
import { TaskForm } from '../task-form'

const smallButton = '!min-h-11 !px-3 !py-1 text-sm'

/**
 * What an editor does with one task, on its page: publish now or take it back to a draft, delete
 * (asked first: a dialog with JavaScript, the page's ConfirmPanel without, naming the loops on
 * it), publish at a time, and edit (the task's form). Each is a small form that works without
 * JavaScript; the answer to the schedule or edit form opens its disclosure with the errors.
 */
export function TaskManage({
  task,
  answer,
}: {
  task: TaskView
  /** The server's answer to this task's edit or schedule form, with errors. */
  answer?: { intent: 'update' | 'publish'; result: SubmissionResult<string[]> }
}) {
  const { t } = useTranslation()
  const pending = useIntentPendingFor()
  const hydrated = useHydrated()
  const deleteRef = useRef<HTMLFormElement>(null)
  const ids = { taskId: task.id }
  const schedule = serverForm(answer?.intent === 'publish' ? answer.result : undefined)
  return (
    <section aria-labelledby="task-manage-title" className={sectionClass}>
      <h2 id="task-manage-title" className="mb-3 text-lg font-semibold">
        {t('groupTasks.detail.manageTitle')}
      </h2>
      <div className="space-y-3">
        <div className="flex flex-wrap gap-2">
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
    </section>
  )
}
