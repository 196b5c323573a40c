import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { Form, useActionData, useLoaderData } from '@remix-run/react'
import { useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { requireUser } from '~/auth/guards.server'
import { redirectWithToast } from '~/http/toast.server'
import { routeCall } from '~/http/route-call.server'
import { ctxFor, type Ctx } from '~/services/context.server'
import { requireGroupWork } from '~/services/group-work/group-work-access.server'
import { deleteLoop, getLoop } from '~/services/group-work/loops.server'
import { markLoopRead } from '~/services/group-work/loop-reads.server'
import { Alert } from '~/ui/alert'
import { AppLink } from '~/ui/app-link'
import { buttonClass } from '~/ui/button'
import { ConfirmButton } from '~/ui/confirm-dialog'
import { ConfirmPanel } from '~/ui/confirm-panel'
import { useFormatters } from '~/ui/format'
import { EmotionBadge } from '~/ui/group-work/emotion-scale'
import { LoopFeedbackForm } from '~/ui/group-work/loop-feedback-form'
import { Section } from '~/ui/section'
import { useHydrated } from '~/ui/use-hydrated'
import { readForm } from '~/utils/form-body.server'
import { handlerFor } from '~/utils/intent'
import { GROUP_SCREEN, groupRefusalToast } from '../group-not-found.server'

/**
 * /groups/:groupId/loops/:loopId (docs/group-work.md "Loops"): one loop for whoever may see it
 * (loopVisibility; anyone else gets the not-found page): its task, author, dates, feeling, text,
 * tags, photos, approval and the thread (read-only here), and for its author edit (until someone
 * has commented) and delete (asked first: a dialog with JavaScript, a confirmation step without).
 */
export const handle = { breadcrumb: 'loops.title' }

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const ctx = ctxFor(await requireUser(request, context), context)
  const { work, ...loop } = await routeCall(() => getLoop(ctx, params.groupId!, params.loopId!), {
    ...GROUP_SCREEN,
    failure: 'loops.detail.loadError',
  })
  // Opening the loop reads it: its unread mark in the lists and the feed goes.
  await routeCall(() => markLoopRead(ctx, loop.id), { ...GROUP_SCREEN, failure: 'loops.detail.loadError' })
  return data({
    loop,
    isAuthor: loop.author.id === work.actorId,
    canComment: work.can.giveFeedback || loop.author.id === work.actorId,
    // Reports (loops on a task) are approved; free loops are not.
    canApprove: work.can.giveFeedback && loop.task !== null,
  })
}

interface IntentArgs {
  ctx: Ctx
  groupId: string
  loopId: string
  form: FormData
}

type DetailActionData = { intent: 'confirm-delete' } | { intent: null; error: string }

const INTENTS = {
  /** Deletes the author's own loop once confirmed (without JavaScript the page asks first). */
  delete: async ({ ctx, groupId, loopId, form }: IntentArgs) => {
    const loop = await getLoop(ctx, groupId, loopId)
    if (form.get('confirmed') !== '1') return data<DetailActionData>({ intent: 'confirm-delete' })
    await deleteLoop(ctx, groupId, loopId)
    return redirectWithToast(`/groups/${groupId}/loops`, {
      key: 'loops.detail.deleted',
      values: { title: loop.task?.title ?? loop.text.slice(0, 40) },
    })
  },
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const ctx = ctxFor(await requireUser(request, context), context)
  const groupId = params.groupId!
  await routeCall(() => requireGroupWork(ctx, groupId), GROUP_SCREEN)
  const form = await readForm(request)
  const handler = handlerFor(INTENTS, form)
  if (!handler) return data<DetailActionData>({ intent: null, error: 'errors.BAD_REQUEST' }, { status: 400 })
  const here = new URL(request.url).pathname
  return routeCall(() => handler({ ctx, groupId, loopId: params.loopId!, form }), {
    ...GROUP_SCREEN,
    toast: groupRefusalToast(here),
    failure: 'loops.detail.updateError',
  })
}

export { RouteErrorBoundary as ErrorBoundary } from '~/ui/route-error-boundary'

export default function LoopPage() {
  const { t } = useTranslation()
  const { loop, isAuthor, canComment, canApprove } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>() as DetailActionData | undefined
  const { dateTime } = useFormatters()
  const hydrated = useHydrated()
  const deleteForm = useRef<HTMLFormElement>(null)
  const title = loop.task?.title ?? t('loops.card.free')
  const base = `/groups/${loop.groupId}/loops`
  return (
    <article className="mx-auto max-w-2xl space-y-5" aria-labelledby="loop-title">
      <p>
        <AppLink to={base} className="text-sm text-brand-700 underline">
          {t('loops.detail.back')}
        </AppLink>
      </p>
      {actionData?.intent === 'confirm-delete' ? (
        <ConfirmPanel
          intent="delete"
          title={t('loops.detail.confirmTitle')}
          body={t('loops.detail.confirmBody', { title })}
          action={t('loops.detail.confirmAction')}
        />
      ) : null}
      {actionData?.intent === null ? <Alert tone="error">{t(actionData.error)}</Alert> : null}
      <header>
        <h1 id="loop-title" className="text-2xl font-bold break-words">
          {title}
        </h1>
        <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm text-slate-700">
          <dt className="font-medium">{t('loops.detail.author')}</dt>
          <dd>{loop.author.name}</dd>
          <dt className="font-medium">{t('loops.detail.created')}</dt>
          <dd>
            <time dateTime={loop.createdAt}>{dateTime(loop.createdAt)}</time>
          </dd>
          {loop.editedAt ? (
            <>
              <dt className="font-medium">{t('loops.detail.edited')}</dt>
              <dd>
                <time dateTime={loop.editedAt}>{dateTime(loop.editedAt)}</time>
              </dd>
            </>
          ) : null}
        </dl>
        <p className="mt-3 flex flex-wrap items-center gap-2">
          <EmotionBadge value={loop.emotion} />
          {loop.approved ? (
            <span className="rounded-full bg-green-100 px-2 py-0.5 text-sm font-semibold text-green-900">
              {t('loops.detail.approved', { name: loop.approved.by.name })}
            </span>
          ) : null}
        </p>
      </header>

      <p className="whitespace-pre-line break-words text-slate-900">{loop.text}</p>

      {loop.tags.length ? (
        <Section titleId="loop-tags" title={t('loops.detail.tags')}>
          <ul className="flex flex-wrap gap-2 text-sm">
            {loop.tags.map((tag) => (
              <li key={tag.id} className="rounded bg-slate-100 px-2 py-0.5">
                #{tag.name}
              </li>
            ))}
          </ul>
        </Section>
      ) : null}

      {loop.photos.length ? (
        <Section titleId="loop-photos" title={t('loops.detail.photos')}>
          <ul className="grid gap-3 sm:grid-cols-2">
            {loop.photos.map((photo, i) => (
              <li key={photo.id}>
                <a href={photo.url}>
                  <img
                    src={photo.url}
                    width={photo.width}
                    height={photo.height}
                    loading="lazy"
                    alt={t('loops.detail.photo', { number: i + 1 })}
                    className="h-auto w-full rounded-md"
                  />
                </a>
              </li>
            ))}
          </ul>
        </Section>
      ) : null}

      {loop.can.delete ? (
        <div className="flex flex-wrap items-center gap-3">
          {loop.can.edit ? (
            <AppLink to={`${base}/${loop.id}/edit`} className={buttonClass('secondary')}>
              {t('loops.detail.edit')}
            </AppLink>
          ) : (
            <p className="text-sm text-slate-700">{t('loops.detail.locked')}</p>
          )}
          <Form method="post" ref={deleteForm}>
            <input type="hidden" name="intent" value="delete" />
            {hydrated ? <input type="hidden" name="confirmed" value="1" /> : null}
            <ConfirmButton
              variant="danger"
              dialogId="delete-loop-confirm"
              confirm={
                hydrated
                  ? {
                      title: t('loops.detail.confirmTitle'),
                      body: t('loops.detail.confirmBody', { title }),
                      action: t('loops.detail.confirmAction'),
                    }
                  : undefined
              }
              onConfirm={() => deleteForm.current?.requestSubmit()}
            >
              {t('loops.detail.delete')}
            </ConfirmButton>
          </Form>
        </div>
      ) : null}

      <Section titleId="loop-thread" title={t('loops.detail.thread')}>
        {loop.comments.length ? (
          <ol className="space-y-3">
            {loop.comments.map((comment) => (
              <li key={comment.id} className="rounded-md bg-slate-50 p-3 ring-1 ring-slate-200">
                <p className="text-sm text-slate-700">
                  <span className="font-medium text-slate-900">{comment.author.name}</span>{' '}
                  <time dateTime={comment.createdAt}>{dateTime(comment.createdAt)}</time>
                </p>
                <p className="mt-1 whitespace-pre-line break-words">{comment.text}</p>
              </li>
            ))}
          </ol>
        ) : (
          <p className="text-sm text-slate-700">{t('loops.detail.noComments')}</p>
        )}
        <LoopFeedbackForm
          groupId={loop.groupId}
          loopId={loop.id}
          canComment={canComment}
          canApprove={canApprove}
          approved={loop.approved !== null}
          isAuthor={isAuthor}
        />
      </Section>
    </article>
  )
}
