import type { SubmissionResult } from '@conform-to/react'
import { Form } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { TASK_DESCRIPTION_MAX, TASK_ROLES, TASK_TITLE_MAX } from '~/utils/group-work-limits'
import type { TaskView } from '~/services/group-work/tasks.server'
import { Button } from '~/ui/button'
import { Field, FieldErrors, inputClass } from '~/ui/field'
import { useRootData } from '~/ui/root-data'
import { serverForm, useAnswerKey } from '~/ui/server-form'
import { useIntentPending } from '~/ui/use-intent-pending'
import { localDayValue } from './task-times'

const FIELDS = ['title', 'description', 'roles', 'due', 'publish', 'publishAt'] as const

/**
 * The add form (no `task`) and the edit form of one task: title, description, the roles it is for
 * (checkboxes), an optional due day and when it is published (a draft, now or at a local time).
 * Validated on the server only; an answer with errors shows the values sent again.
 */
export function TaskForm({ task, lastResult }: { task?: TaskView; lastResult?: SubmissionResult<string[]> }) {
  const { t } = useTranslation()
  const timeZone = useRootData()?.timezone ?? 'Europe/Stockholm'
  const form = serverForm(lastResult)
  const answerKey = useAnswerKey(lastResult)
  const formId = task ? `task-${task.id}` : 'task-new'
  const intent = task ? 'update' : 'create'
  const pending = useIntentPending(intent, task ? { taskId: task.id } : undefined)
  const sent = lastResult?.initialValue as Record<string, unknown> | undefined
  const sentRoles = sent ? ([] as unknown[]).concat(sent.roles ?? []) : null
  const roles: string[] = sentRoles ? sentRoles.map(String) : (task?.roles ?? ['member'])
  const publish = form.value('publish', 'draft')
  const input = (name: (typeof FIELDS)[number], fallback: string) => form.input(formId, name, fallback, FIELDS)
  return (
    <Form key={answerKey} method="post" noValidate className="space-y-4" aria-labelledby={`${formId}-heading`}>
      <input type="hidden" name="intent" value={intent} />
      {task ? <input type="hidden" name="taskId" value={task.id} /> : null}
      <Field
        label={t('groupTasks.form.title')}
        errors={form.errors('title')}
        inputProps={{ ...input('title', task?.title ?? ''), type: 'text', required: true, maxLength: TASK_TITLE_MAX }}
      />
      <div>
        <label htmlFor={`${formId}-description`} className="mb-1 block text-sm font-medium text-slate-800">
          {t('groupTasks.form.description')}
        </label>
        <textarea
          {...input('description', task?.description ?? '')}
          rows={4}
          maxLength={TASK_DESCRIPTION_MAX}
          aria-invalid={form.errors('description') ? true : undefined}
          aria-describedby={`${formId}-description-hint${form.errors('description') ? ` ${formId}-description-error` : ''}`}
          className={inputClass}
        />
        <p id={`${formId}-description-hint`} className="mt-1 text-sm text-slate-600">
          {t('groupTasks.form.descriptionHint')}
        </p>
        <FieldErrors id={`${formId}-description-error`} errors={form.errors('description')} />
      </div>
      <fieldset aria-describedby={form.errors('roles') ? `${formId}-roles-error` : undefined}>
        <legend className="mb-1 text-sm font-medium text-slate-800">{t('groupTasks.form.roles')}</legend>
        <div className="flex flex-wrap gap-x-4 gap-y-2">
          {TASK_ROLES.map((role) => (
            <label key={role} className="inline-flex min-h-11 items-center gap-2">
              <input type="checkbox" name="roles" value={role} defaultChecked={roles.includes(role)} className="size-5" />
              {t(`groupTasks.roles.${role}`)}
            </label>
          ))}
        </div>
        <FieldErrors id={`${formId}-roles-error`} errors={form.errors('roles')} />
      </fieldset>
      <Field
        label={t('groupTasks.form.due')}
        errors={form.errors('due')}
        inputProps={{ ...input('due', task?.dueAt ? localDayValue(task.dueAt, timeZone) : ''), type: 'date' }}
      />
      {task ? null : <PublishFields formId={formId} publish={publish} form={form} input={input} />}
      <Button type="submit" pending={pending}>
        {task ? t('groupTasks.form.save') : t('groupTasks.form.add')}
      </Button>
    </Form>
  )
}

/** When a new task is published (an existing one is published with its own buttons). */
function PublishFields({
  formId,
  publish,
  form,
  input,
}: {
  formId: string
  publish: string
  form: ReturnType<typeof serverForm>
  input: (name: (typeof FIELDS)[number], fallback: string) => ReturnType<ReturnType<typeof serverForm>['input']>
}) {
  const { t } = useTranslation()
  return (
    <div className="space-y-4" id={`${formId}-publication`}>
      <fieldset>
        <legend className="mb-1 text-sm font-medium text-slate-800">{t('groupTasks.form.publish')}</legend>
        <div className="flex flex-wrap gap-x-4 gap-y-2">
          {(['draft', 'now', 'at'] as const).map((choice) => (
            <label key={choice} className="inline-flex min-h-11 items-center gap-2">
              <input type="radio" name="publish" value={choice} defaultChecked={publish === choice} className="size-5" />
              {t(`groupTasks.form.${choice === 'draft' ? 'publishDraft' : choice === 'now' ? 'publishNow' : 'publishAt'}`)}
            </label>
          ))}
        </div>
      </fieldset>
      <Field
        label={t('groupTasks.form.publishAtLabel')}
        errors={form.errors('publishAt')}
        inputProps={{
          ...input('publishAt', ''),
          type: 'datetime-local',
        }}
      />
    </div>
  )
}
