import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { useActionData, useLoaderData, useLocation } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { requireUser } from '~/auth/guards.server'
import { routeCall } from '~/http/route-call.server'
import { ctxFor } from '~/services/context.server'
import { getTask } from '~/services/group-work/tasks.server'
import { Alert } from '~/ui/alert'
import { AppLink } from '~/ui/app-link'
import { buttonClass } from '~/ui/button'
import { useFormatters } from '~/ui/format'
import type { Breadcrumb } from '~/ui/layout/breadcrumbs'
import { ConfirmPanel } from '~/ui/confirm-panel'
import { Section, sectionClass } from '~/ui/section'
import { GROUP_SCREEN } from '../../group-not-found.server'
import { runTaskIntent, type TasksActionData } from '../intents.server'
import { TaskFacts, TaskStatusBadge } from '../task-meta'
import { TaskManage } from './task-manage'

/** The task's title names the page in the breadcrumbs. */
const breadcrumb: Breadcrumb = (loaderData) => {
  const task = (loaderData as { task?: { title: string } } | undefined)?.task
  return task ? { label: task.title } : null
}
export const handle = { breadcrumb }

/**
 * /groups/:groupId/tasks/:taskId (docs/group-work.md#tasks): the task (description, due date, the
 * roles it is for, its status); for a member their own loops on it with the feedback they got, and
 * "Write a loop"; for those who see others' loops a link to the task's loops. A task the actor may
 * not see (a draft for a member, another role's, another group's) is the not-found page. Those who
 * edit tasks manage it here: publish, schedule, edit, delete (the Tasks tab's intents).
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const ctx = ctxFor(await requireUser(request, context), context)
  const detail = await routeCall(() => getTask(ctx, params.groupId!, params.taskId!), { ...GROUP_SCREEN, failure: 'groupTasks.loadError' })
  const { work, task, myLoops } = detail
  return data({
    groupId: work.access.group.id,
    task,
    myLoops,
    seesAll: work.can.editTasks || !work.access.role,
    seesOthers: work.sees === 'all' || work.sees === 'followed',
    canWrite: work.can.sendLoops && task.published,
    canEdit: work.can.editTasks && work.access.group.active && work.access.organization.active,
  })
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const ctx = ctxFor(await requireUser(request, context), context)
  const list = `/groups/${params.groupId}/tasks`
  return runTaskIntent(ctx, params.groupId!, request, { here: new URL(request.url).pathname, list })
}

export { RouteErrorBoundary as ErrorBoundary } from '~/ui/route-error-boundary'

export default function TaskPage() {
  const { t } = useTranslation()
  const { date } = useFormatters()
  const { groupId, task, myLoops, seesAll, seesOthers, canWrite, canEdit } = useLoaderData<typeof loader>()
  const answer = useActionData<typeof action>() as TasksActionData | undefined
  const location = useLocation()
  return (
    <div className="min-w-0 max-w-2xl space-y-6">
      <AppLink to={`/groups/${groupId}/tasks`} className="text-brand-700 underline">
        {t('groupTasks.detail.back')}
      </AppLink>
      <section aria-labelledby="task-title" className={sectionClass}>
        <div className="mb-2 flex flex-wrap items-start justify-between gap-2">
          <h1 id="task-title" className="text-2xl font-bold break-words">
            {task.title}
          </h1>
          <TaskStatusBadge task={task} forMember={!seesAll} />
        </div>
        <TaskFacts task={task} showRoles={seesAll} />
        <h2 className="mt-4 mb-1 font-semibold">{t('groupTasks.detail.description')}</h2>
        <p className="break-words whitespace-pre-line text-slate-800">{task.description || t('groupTasks.detail.noDescription')}</p>
        {canWrite ? (
          <AppLink to={`/groups/${groupId}/loops/new?task=${task.id}`} className={`${buttonClass()} mt-4 min-h-11`}>
            {t('groupTasks.writeLoop')}
          </AppLink>
        ) : null}
      </section>

      {answer?.intent === null ? <Alert tone="error">{t(answer.error)}</Alert> : null}
      {answer?.intent === 'confirm-delete' ? (
        <ConfirmPanel
          intent="delete"
          title={t('groupTasks.confirm.deleteTitle')}
          body={t(answer.loopCount ? 'groupTasks.confirm.deleteBody' : 'groupTasks.confirm.deleteBodyNone', {
            title: answer.title,
            count: answer.loopCount,
          })}
          action={t('groupTasks.confirm.deleteAction')}
          extra={{ taskId: answer.taskId }}
        />
      ) : null}
      {canEdit ? (
        <TaskManage
          key={location.key}
          task={task}
          answer={
            answer?.intent === 'update' || answer?.intent === 'publish' ? { intent: answer.intent, result: answer.result } : undefined
          }
        />
      ) : null}

      {seesOthers ? (
        <Section titleId="task-loops-title" title={t('groupTasks.detail.loopsTitle')} className={sectionClass}>
          <p className="mb-2 text-slate-700">{t('groupTasks.loopCount', { count: task.loopCount })}</p>
          <AppLink to={`/groups/${groupId}/loops?task=${task.id}`} className="text-brand-700 underline">
            {t('groupTasks.detail.viewLoops')}
          </AppLink>
        </Section>
      ) : null}

      {!seesAll || myLoops.length ? (
        <Section titleId="my-task-loops-title" title={t('groupTasks.detail.myLoopsTitle')} className={sectionClass}>
          {myLoops.length ? (
            <ul className="space-y-2">
              {myLoops.map((loop) => (
                <li key={loop.id} className="flex flex-wrap items-center gap-x-3 gap-y-1">
                  <AppLink to={`/groups/${groupId}/loops/${loop.id}`} className="text-brand-700 underline">
                    {t('groupTasks.detail.loopWritten', { date: date(loop.createdAt) })}
                  </AppLink>
                  <span className="text-sm text-slate-700">
                    {loop.commentCount ? t('groupTasks.detail.feedback', { count: loop.commentCount }) : t('groupTasks.detail.noFeedback')}
                  </span>
                  {loop.approved ? (
                    <span className="rounded-full bg-green-100 px-2 py-0.5 text-xs font-medium text-green-900">
                      {t('groupTasks.detail.approved')}
                    </span>
                  ) : null}
                </li>
              ))}
            </ul>
          ) : (
            <p className="text-slate-700">{t('groupTasks.detail.noLoops')}</p>
          )}
        </Section>
      ) : null}
    </div>
  )
}
