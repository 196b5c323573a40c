import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { useActionData, useLoaderData, useLocation } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { requireUser } from '~/auth/guards.server'
import { routeCall } from '~/http/route-call.server'
import { ctxFor } from '~/services/context.server'
import { requireGroupWork } from '~/services/group-work/group-work-access.server'
import { listTags, type TagView } from '~/services/group-work/tags.server'
import { GROUP_TAG_LIMIT } from '~/utils/group-work-limits'
import { Alert } from '~/ui/alert'
import { ConfirmPanel } from '~/ui/confirm-panel'
import { DataTable, type Column } from '~/ui/data-table'
import { Section, sectionClass } from '~/ui/section'
import { readForm } from '~/utils/form-body.server'
import { handlerFor } from '~/utils/intent'
import { DomainError } from '~/errors'
import { GROUP_SCREEN, groupRefusalToast } from '../group-not-found.server'
import { TAG_INTENTS, type TagsActionData } from './intents.server'
import { TagActions, TagForm } from './tag-forms'

/**
 * /groups/:groupId/tags, the Tags tab (docs/group-work.md#tags): the group's tags with the number
 * of loops carrying each; those who edit tasks add, rename and delete them; an organization admin
 * outside the group reads them. Anyone else who sees the group (a member) gets FORBIDDEN's page:
 * the tab is not theirs (they choose tags on the loop form).
 */
export const handle = { breadcrumb: 'groupTags.title' }

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const ctx = ctxFor(await requireUser(request, context), context)
  const { work, tags } = await routeCall(
    async () => {
      const list = await listTags(ctx, params.groupId!)
      if (!list.work.can.editTasks && list.work.access.role) throw new DomainError('FORBIDDEN')
      return list
    },
    { ...GROUP_SCREEN, failure: 'groupTags.loadError' },
  )
  return data({ editable: work.can.editTasks && work.access.group.active && work.access.organization.active, tags })
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const ctx = ctxFor(await requireUser(request, context), context)
  const groupId = params.groupId!
  await routeCall(() => requireGroupWork(ctx, groupId), GROUP_SCREEN)
  const form = await readForm(request)
  const handler = handlerFor(TAG_INTENTS, form)
  if (!handler) return data<TagsActionData>({ intent: null, error: 'errors.BAD_REQUEST' }, { status: 400 })
  const here = new URL(request.url).pathname
  return routeCall(() => handler({ ctx, groupId, form, here }), {
    ...GROUP_SCREEN,
    toast: groupRefusalToast(here),
    failure: 'groupTags.updateError',
  })
}

export { RouteErrorBoundary as ErrorBoundary } from '~/ui/route-error-boundary'

export default function TagsPage() {
  const { t } = useTranslation()
  const { editable, tags } = useLoaderData<typeof loader>()
  const answer = useActionData<typeof action>() as TagsActionData | undefined
  const location = useLocation()
  const columns: Column<TagView>[] = [
    { header: t('groupTags.name'), cell: (tag) => <span className="break-words">{tag.name}</span> },
    { header: t('groupTags.description'), cell: (tag) => <span className="break-words">{tag.description}</span> },
    { header: t('groupTags.loops'), cell: (tag) => tag.loopCount, className: 'tabular-nums' },
    ...(editable
      ? [
          {
            header: t('groupTags.actions'),
            cell: (tag: TagView) => (
              <TagActions
                key={`${tag.id}-${location.key}`}
                tag={tag}
                lastResult={answer?.intent === 'update' && answer.tagId === tag.id ? answer.result : undefined}
              />
            ),
          },
        ]
      : []),
  ]
  return (
    <div className="min-w-0 space-y-6">
      <div>
        <h1 className="mb-1 text-2xl font-bold">{t('groupTags.title')}</h1>
        <p className="text-slate-700">{editable ? t('groupTags.intro') : t('groupTags.readOnlyIntro')}</p>
      </div>
      {answer?.intent === null ? <Alert tone="error">{t(answer.error)}</Alert> : null}
      {answer?.intent === 'confirm-delete' ? (
        <ConfirmPanel
          intent="delete"
          title={t('groupTags.confirm.deleteTitle')}
          body={t(answer.loopCount ? 'groupTags.confirm.deleteBody' : 'groupTags.confirm.deleteBodyNone', {
            name: answer.name,
            count: answer.loopCount,
          })}
          action={t('groupTags.confirm.deleteAction')}
          extra={{ tagId: answer.tagId }}
        />
      ) : null}
      {tags.length ? (
        <>
          <p className="text-sm text-slate-700">{t('groupTags.count', { count: tags.length })}</p>
          <DataTable
            caption={t('groupTags.caption')}
            columns={columns}
            rows={tags}
            rowKey={(tag) => tag.id}
            sort=""
            dir="asc"
            loading={false}
          />
        </>
      ) : (
        <p className="text-slate-700">{t('groupTags.empty')}</p>
      )}
      {editable && tags.length < GROUP_TAG_LIMIT ? (
        <Section titleId="tag-new-title" title={t('groupTags.form.addTitle')} className={`${sectionClass} max-w-2xl`}>
          <TagForm key={location.key} lastResult={answer?.intent === 'create' ? answer.result : undefined} />
        </Section>
      ) : null}
    </div>
  )
}
