import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { requireUser } from '~/auth/guards.server'
import { routeCall } from '~/http/route-call.server'
import { ctxFor } from '~/services/context.server'
import { listTasks } from '~/services/group-work/tasks.server'
import { Alert } from '~/ui/alert'
import { AppLink } from '~/ui/app-link'
import { Section, sectionClass } from '~/ui/section'
import { buttonClass } from '~/ui/button'
import { GROUP_SCREEN } from '../group-not-found.server'
import { EditorTaskRow } from './editor-task-row'
import { runTaskIntent, type TasksActionData } from './intents.server'
import { MemberTaskCard } from './member-task-card'
import { PublishAllForm } from './publish-all-form'

/**
 * /groups/:groupId/tasks, the Tasks tab (docs/group-work.md#tasks). A member sees the published
 * tasks of their role as cards (done or not, "Write a loop"); those who edit tasks see every task
 * with its status and actions, the add form and "Publish all N drafts"; an organization admin
 * outside the group sees every task, read-only. Every form works without JavaScript.
 */
export const handle = { breadcrumb: 'groupTasks.title' }

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const ctx = ctxFor(await requireUser(request, context), context)
  const list = await routeCall(() => listTasks(ctx, params.groupId!), { ...GROUP_SCREEN, failure: 'groupTasks.loadError' })
  const { work, tasks, draftCount } = list
  return data({
    groupId: work.access.group.id,
    active: work.access.group.active && work.access.organization.active,
    /** Sees every task with its status (editors, an admin outside the group). */
    seesAll: work.can.editTasks || !work.access.role,
    editable: work.can.editTasks,
    canWrite: work.can.sendLoops,
    tasks,
    draftCount,
  })
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const ctx = ctxFor(await requireUser(request, context), context)
  const here = new URL(request.url).pathname
  return runTaskIntent(ctx, params.groupId!, request, { here, list: here })
}

export { RouteErrorBoundary as ErrorBoundary } from '~/ui/route-error-boundary'

export default function TasksPage() {
  const { t } = useTranslation()
  const { groupId, active, seesAll, editable, canWrite, tasks, draftCount } = useLoaderData<typeof loader>()
  const answer = useActionData<typeof action>() as TasksActionData | undefined
  const canEdit = editable && active
  return (
    <div className="min-w-0 space-y-6">
      <div>
        <h1 className="mb-1 text-2xl font-bold">{t('groupTasks.title')}</h1>
        <p className="text-slate-700">
          {editable ? t('groupTasks.editorIntro') : seesAll ? t('groupTasks.readOnlyIntro') : t('groupTasks.memberIntro')}
        </p>
        {canEdit ? (
          <AppLink to={`/groups/${groupId}/tasks/new`} className={`${buttonClass()} mt-3 min-h-11`}>
            {t('groupTasks.form.addTitle')}
          </AppLink>
        ) : null}
      </div>
      {editable && !active ? <Alert tone="info">{t('groupTasks.inactive')}</Alert> : null}
      {answer?.intent === null ? <Alert tone="error">{t(answer.error)}</Alert> : null}

      {canEdit && draftCount > 0 ? (
        <section aria-labelledby="task-drafts-title" className="rounded-lg border-l-4 border-amber-500 bg-amber-50 p-4">
          <h2 id="task-drafts-title" className="font-semibold">
            {t('groupTasks.drafts.title', { count: draftCount })}
          </h2>
          <p className="mb-3 text-slate-800">{t('groupTasks.drafts.body')}</p>
          <PublishAllForm groupId={groupId} count={draftCount} />
        </section>
      ) : null}

      {tasks.length === 0 ? (
        <Section
          titleId="tasks-empty-title"
          className={sectionClass}
          title={seesAll ? t('groupTasks.empty.editorTitle') : t('groupTasks.empty.memberTitle')}
          intro={seesAll ? t('groupTasks.empty.editorBody') : t('groupTasks.empty.memberBody')}
        >
          {seesAll ? (
            <AppLink to="/library" className="text-brand-700 underline">
              {t('groupTasks.empty.library')}
            </AppLink>
          ) : null}
        </Section>
      ) : seesAll ? (
        <section aria-labelledby="tasks-list-title">
          <h2 id="tasks-list-title" className="sr-only">
            {t('groupTasks.listLabel')}
          </h2>
          <ol className="space-y-2">
            {tasks.map((task, i) => (
              <li key={task.id}>
                <EditorTaskRow groupId={groupId} task={task} first={i === 0} last={i === tasks.length - 1} editable={canEdit} />
              </li>
            ))}
          </ol>
        </section>
      ) : (
        <ol className="space-y-3" aria-label={t('groupTasks.listLabel')}>
          {tasks.map((task) => (
            <li key={task.id}>
              <MemberTaskCard groupId={groupId} task={task} canWrite={canWrite} />
            </li>
          ))}
        </ol>
      )}
    </div>
  )
}
