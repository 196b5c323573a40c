import { parseWithZod } from '@conform-to/zod'
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { requireUser } from '~/auth/guards.server'
import { redirectWithToast } from '~/http/toast.server'
import { routeCall } from '~/http/route-call.server'
import { ctxFor } from '~/services/context.server'
import { requireGroupWork } from '~/services/group-work/group-work-access.server'
import { loopChoices } from '~/services/group-work/loop-lists.server'
import { getRetention } from '~/services/group-work/retention.server'
import { RetentionNote } from '~/ui/group-work/retention-note'
import { createLoop } from '~/services/group-work/loops.server'
import { LoopFormSchema } from '~/services/group-work/loops.schemas'
import { FREE_LOOP } from '~/utils/group-work-limits'
import { Alert } from '~/ui/alert'
import { GROUP_SCREEN } from '../group-not-found.server'
import { formAgain, photoProblem, readLoopUpload, sendFailure, type LoopFormAnswer } from './loop-form.server'
import { LoopForm } from './loop-form'

/**
 * /groups/:groupId/loops/new?task=<taskId> (docs/group-work.md "Loops"): the loop form, for a
 * member whose role writes loops. The task of `?task=` (one the member sees) is named at the top;
 * without it a select offers the member's tasks and, where the group takes them, a free loop.
 */
export const handle = { breadcrumb: 'loops.form.titleNew' }

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const ctx = ctxFor(await requireUser(request, context), context)
  const groupId = params.groupId!
  const work = await routeCall(() => requireGroupWork(ctx, groupId), GROUP_SCREEN)
  const choices = await routeCall(() => loopChoices(ctx, work), { failure: 'loops.list.loadError' })
  const wanted = new URL(request.url).searchParams.get('task')
  // How long the loop is kept and why, told before it is written.
  const { months, purpose } = await routeCall(() => getRetention(ctx, groupId), { failure: 'loops.list.loadError' })
  return data({
    groupId,
    retention: { months, purpose },
    canSend: work.can.sendLoops,
    freeLoops: work.freeLoops,
    task: choices.tasks.find((task) => task.id === wanted) ?? null,
    tasks: choices.tasks,
    tags: choices.tags,
  })
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const ctx = ctxFor(await requireUser(request, context), context)
  const groupId = params.groupId!
  // Someone who may not see the group gets the not-found page before the body is read.
  await routeCall(() => requireGroupWork(ctx, groupId), GROUP_SCREEN)
  const upload = await readLoopUpload(request)
  const submission = parseWithZod(upload.form, { schema: LoopFormSchema })
  if (submission.status !== 'success')
    return formAgain(upload, { errors: Object.fromEntries(Object.entries(submission.error ?? {}).map(([k, v]) => [k, v ?? []])) }, 400)
  const problem = photoProblem(upload)
  if (problem) return formAgain(upload, { errors: { photos: [problem] } }, 400)
  const { task, text, emotion, tags } = submission.value
  let id: string
  try {
    ;({ id } = await createLoop(ctx, groupId, {
      taskId: task === FREE_LOOP ? null : task,
      text,
      emotion,
      tags,
      photos: upload.files.map((f) => f.bytes),
    }))
  } catch (error) {
    return sendFailure(error, upload)
  }
  return redirectWithToast(`/groups/${groupId}/loops/${id}`, { key: 'loops.form.sent' })
}

export { RouteErrorBoundary as ErrorBoundary } from '~/ui/route-error-boundary'

export default function NewLoopPage() {
  const { t } = useTranslation()
  const { groupId, canSend, freeLoops, task, tasks, tags, retention } = useLoaderData<typeof loader>()
  const answer = useActionData<typeof action>() as LoopFormAnswer | undefined
  const nothingToWrite = !task && tasks.length === 0 && !freeLoops
  return (
    <div className="mx-auto max-w-2xl">
      <h1 id="loop-form-title" className="mb-4 text-2xl font-bold">
        {t('loops.form.titleNew')}
      </h1>
      {canSend ? (
        <aside aria-label={t('retention.title')} className="mb-4 rounded-md bg-slate-50 p-3 ring-1 ring-slate-200">
          <RetentionNote id="loop-retention" months={retention.months} purpose={retention.purpose} />
        </aside>
      ) : null}
      {!canSend ? (
        <Alert tone="info">{t('loops.form.cannotSend')}</Alert>
      ) : nothingToWrite ? (
        <Alert tone="info">{t('loops.form.noTasks')}</Alert>
      ) : (
        <LoopForm
          mode="new"
          groupId={groupId}
          task={task}
          tasks={tasks}
          freeLoops={freeLoops}
          tags={tags}
          answer={answer}
          cancelTo={task ? `/groups/${groupId}/tasks/${task.id}` : `/groups/${groupId}/loops`}
        />
      )}
    </div>
  )
}
