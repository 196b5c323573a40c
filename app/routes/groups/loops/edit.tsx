import { parseWithZod } from '@conform-to/zod'
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { requireUser } from '~/auth/guards.server'
import { redirectWithToast } from '~/http/toast.server'
import { routeCall } from '~/http/route-call.server'
import { ctxFor } from '~/services/context.server'
import { loopChoices } from '~/services/group-work/loop-lists.server'
import { requireOwnLoop } from '~/services/group-work/loop-owner.server'
import { getLoop, updateLoop } from '~/services/group-work/loops.server'
import { LoopEditFormSchema } from '~/services/group-work/loops.schemas'
import { GROUP_SCREEN, groupRefusalToast } from '../group-not-found.server'
import { formAgain, photoProblem, readLoopUpload, sendFailure, type LoopFormAnswer } from './loop-form.server'
import { LoopForm } from './loop-form'

/**
 * /groups/:groupId/loops/:loopId/edit: the author changes their loop's text, feeling, tags and
 * photos until someone has commented on it (then back to the loop with LOOP_LOCKED's message);
 * someone else's loop they see is refused the same way, one they do not see is not found.
 */
export const handle = { breadcrumb: 'loops.form.titleEdit' }

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const ctx = ctxFor(await requireUser(request, context), context)
  const groupId = params.groupId!
  const loopPath = `/groups/${groupId}/loops/${params.loopId}`
  const { work, ...loop } = await routeCall(() => getLoop(ctx, groupId, params.loopId!), {
    ...GROUP_SCREEN,
    failure: 'loops.detail.loadError',
  })
  await routeCall(() => requireOwnLoop(ctx, groupId, loop.id), { ...GROUP_SCREEN, toast: groupRefusalToast(loopPath) })
  const choices = await routeCall(() => loopChoices(ctx, work), { failure: 'loops.detail.loadError' })
  return data({ loop, tags: choices.tags, freeLoops: work.freeLoops })
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const ctx = ctxFor(await requireUser(request, context), context)
  const groupId = params.groupId!
  const loopId = params.loopId!
  const loopPath = `/groups/${groupId}/loops/${loopId}`
  await routeCall(() => requireOwnLoop(ctx, groupId, loopId), { ...GROUP_SCREEN, toast: groupRefusalToast(loopPath) })
  const upload = await readLoopUpload(request)
  const submission = parseWithZod(upload.form, { schema: LoopEditFormSchema })
  if (submission.status !== 'success')
    return formAgain(upload, { errors: Object.fromEntries(Object.entries(submission.error ?? {}).map(([k, v]) => [k, v ?? []])) }, 400)
  const problem = photoProblem(upload)
  if (problem) return formAgain(upload, { errors: { photos: [problem] } }, 400)
  const { text, emotion, tags, removePhoto } = submission.value
  try {
    await updateLoop(ctx, groupId, loopId, { text, emotion, tags, removePhotos: removePhoto, photos: upload.files.map((f) => f.bytes) })
  } catch (error) {
    return sendFailure(error, upload)
  }
  return redirectWithToast(loopPath, { key: 'loops.form.saved' })
}

export { RouteErrorBoundary as ErrorBoundary } from '~/ui/route-error-boundary'

export default function EditLoopPage() {
  const { t } = useTranslation()
  const { loop, tags, freeLoops } = useLoaderData<typeof loader>()
  const answer = useActionData<typeof action>() as LoopFormAnswer | undefined
  return (
    <div className="mx-auto max-w-2xl">
      <h1 id="loop-form-title" className="mb-4 text-2xl font-bold">
        {t('loops.form.titleEdit')}
      </h1>
      <LoopForm
        mode="edit"
        groupId={loop.groupId}
        task={loop.task ?? { id: '', title: t('loops.card.free') }}
        tasks={[]}
        freeLoops={freeLoops}
        tags={tags}
        photos={loop.photos}
        defaults={{ text: loop.text, emotion: loop.emotion, tags: loop.tags.map((tag) => tag.id) }}
        answer={answer}
        cancelTo={`/groups/${loop.groupId}/loops/${loop.id}`}
      />
    </div>
  )
}
