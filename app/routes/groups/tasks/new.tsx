import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { requireUser } from '~/auth/guards.server'
import { routeCall } from '~/http/route-call.server'
import { ctxFor } from '~/services/context.server'
import { requireWorkEditor } from '~/services/group-work/task-editing.server'
import { AppLink } from '~/ui/app-link'
import { sectionClass } from '~/ui/section'
import { GROUP_SCREEN } from '../group-not-found.server'
import { runTaskIntent, type TasksActionData } from './intents.server'
import { TaskForm } from './task-form'

export const handle = { breadcrumb: 'groupTasks.form.addTitle' }

/**
 * /groups/:groupId/tasks/new (docs/group-work.md#tasks): the form that adds a task, for those who
 * edit the group's tasks (a member goes back to the Tasks tab with the refusal as a toast; someone
 * who may not see the group gets the not-found page).
 * Added, it lands on the Tasks tab with a toast naming it; errors show the form again as sent.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const ctx = ctxFor(await requireUser(request, context), context)
  const list = `/groups/${params.groupId}/tasks`
  const work = await routeCall(() => requireWorkEditor(ctx, params.groupId!, ctx.db), { ...GROUP_SCREEN, toast: { to: list } })
  return data({ groupId: work.access.group.id })
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const ctx = ctxFor(await requireUser(request, context), context)
  const list = `/groups/${params.groupId}/tasks`
  return runTaskIntent(ctx, params.groupId!, request, { here: list, list })
}

export { RouteErrorBoundary as ErrorBoundary } from '~/ui/route-error-boundary'

export default function NewTaskPage() {
  const { t } = useTranslation()
  const { groupId } = useLoaderData<typeof loader>()
  const answer = useActionData<typeof action>() as TasksActionData | undefined
  return (
    <div className="min-w-0 max-w-2xl space-y-4">
      <AppLink to={`/groups/${groupId}/tasks`} className="text-brand-700 underline">
        {t('groupTasks.detail.back')}
      </AppLink>
      <section aria-labelledby="task-new-heading" className={sectionClass}>
        <h1 id="task-new-heading" className="mb-3 text-2xl font-bold">
          {t('groupTasks.form.addTitle')}
        </h1>
        <TaskForm lastResult={answer?.intent === 'create' ? answer.result : undefined} />
        {answer?.intent === null ? <p className="mt-3 text-red-800">{t(answer.error)}</p> : null}
      </section>
    </div>
  )
}
