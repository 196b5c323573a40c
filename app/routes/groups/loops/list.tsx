import { data, type LoaderFunctionArgs } from '@remix-run/node'
import { Form, useLoaderData } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { requireUser } from '~/auth/guards.server'
import { routeCall } from '~/http/route-call.server'
import { ctxFor } from '~/services/context.server'
import { listLoops, loopChoices } from '~/services/group-work/loop-lists.server'
import { LoopListQuerySchema } from '~/services/group-work/loops.schemas'
import { FREE_LOOP } from '~/utils/group-work-limits'
import { AppLink } from '~/ui/app-link'
import { Button, buttonClass } from '~/ui/button'
import { Field, SelectField } from '~/ui/field'
import { LoopCards } from '~/ui/group-work/loop-card'
import { unreadLoopIds } from '~/services/group-work/loop-reads.server'
import { Section } from '~/ui/section'
import { GROUP_SCREEN } from '../group-not-found.server'
import { LoopExportForm } from './loop-export-form'

/**
 * /groups/:groupId/loops (the Loops tab; docs/group-work.md "Loops"): the group's loops as the
 * actor may see them (loopVisibility): owner and leader all, with filters by task, member and tag;
 * a subscriber those of the members they follow; a plain member their own; an organization
 * admin outside the group none (and says so). Newest first, 50 a page ("Older loops" follows
 * the keyset cursor). The filters are a GET form: they work without JavaScript. Owners and
 * leaders also find the export (loop-export-form.tsx, docs/group-work.md "Export").
 */
export const handle = { breadcrumb: 'groupWork.tabs.loops' }

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const ctx = ctxFor(await requireUser(request, context), context)
  const groupId = params.groupId!
  const url = new URL(request.url)
  const parsed = LoopListQuerySchema.safeParse(Object.fromEntries(url.searchParams))
  const query = parsed.success ? parsed.data : {}
  const { work, loops, nextCursor } = await routeCall(() => listLoops(ctx, groupId, query), {
    ...GROUP_SCREEN,
    failure: 'loops.list.loadError',
  })
  const choices = await routeCall(() => loopChoices(ctx, work, { members: true, member: query.member }), {
    failure: 'loops.list.loadError',
  })
  // New loops, and loops with feedback since the viewer last opened them, are marked until opened.
  const unread = await routeCall(
    () =>
      unreadLoopIds(
        ctx,
        loops.map((l) => l.id),
      ),
    { failure: 'loops.list.loadError' },
  )
  return data({
    unread: [...unread],
    groupId,
    sees: work.sees,
    canSend: work.can.sendLoops,
    loops,
    nextCursor,
    choices,
    query: { task: query.task ?? '', member: query.member ?? '', who: query.who ?? '', tag: query.tag ?? '', cursor: query.cursor ?? '' },
  })
}

export { RouteErrorBoundary as ErrorBoundary } from '~/ui/route-error-boundary'

export default function LoopsTab() {
  const { t } = useTranslation()
  const { groupId, sees, canSend, loops, nextCursor, choices, query, unread } = useLoaderData<typeof loader>()
  const viewer = sees === 'all' || sees === 'followed'
  const filtered = Boolean(query.task || query.member || query.who || query.tag)
  const base = `/groups/${groupId}/loops`
  const params = (extra: Record<string, string>) => {
    const search = new URLSearchParams(
      Object.entries({ task: query.task, member: query.member, who: query.who, tag: query.tag, ...extra }).filter(([, v]) => v),
    )
    return search.size ? `${base}?${search}` : base
  }
  const intro = {
    all: t('loops.list.introViewer'),
    followed: t('loops.list.introFollowed'),
    own: t('loops.list.introOwn'),
    none: t('loops.list.introAdmin'),
  }[sees]
  const empty = filtered
    ? t('loops.list.emptyFiltered')
    : sees === 'all'
      ? t('loops.list.emptyViewer')
      : sees === 'followed'
        ? t('loops.list.emptyFollowed')
        : sees === 'own'
          ? t('loops.list.emptyOwn')
          : null
  return (
    <div className="space-y-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold">{viewer ? t('loops.list.titleViewer') : t('loops.list.titleOwn')}</h1>
        {canSend ? (
          <AppLink to={`${base}/new`} className={buttonClass()}>
            {t('loops.list.write')}
          </AppLink>
        ) : null}
      </div>
      <p className="text-slate-700">{intro}</p>

      {sees !== 'none' ? (
        <Section titleId="loop-filters" title={t('loops.list.filters')}>
          <Form method="get" className="grid gap-3 sm:grid-cols-4 sm:items-end">
            <SelectField label={t('loops.list.task')} selectProps={{ id: 'filter-task', name: 'task', defaultValue: query.task }}>
              <option value="">{t('loops.list.any')}</option>
              {choices.tasks.map((task) => (
                <option key={task.id} value={task.id}>
                  {task.title}
                </option>
              ))}
              <option value={FREE_LOOP}>{t('loops.list.free')}</option>
            </SelectField>
            {choices.members === null ? (
              query.member && choices.chosenMember ? (
                <p className="text-sm text-slate-800">
                  <input type="hidden" name="member" value={query.member} />
                  {t('loops.list.onlyBy', { name: choices.chosenMember.name })}
                </p>
              ) : (
                <Field
                  label={t('loops.list.member')}
                  hint={t('loops.list.whoHint')}
                  inputProps={{ id: 'filter-who', name: 'who', type: 'search', defaultValue: query.who, autoComplete: 'off' }}
                />
              )
            ) : choices.members.length ? (
              <SelectField label={t('loops.list.member')} selectProps={{ id: 'filter-member', name: 'member', defaultValue: query.member }}>
                <option value="">{t('loops.list.any')}</option>
                {choices.members.map((member) => (
                  <option key={member.id} value={member.id}>
                    {member.name}
                  </option>
                ))}
              </SelectField>
            ) : null}
            {choices.tags.length ? (
              <SelectField label={t('loops.list.tag')} selectProps={{ id: 'filter-tag', name: 'tag', defaultValue: query.tag }}>
                <option value="">{t('loops.list.any')}</option>
                {choices.tags.map((tag) => (
                  <option key={tag.id} value={tag.id}>
                    {tag.name}
                  </option>
                ))}
              </SelectField>
            ) : null}
            <div className="flex flex-wrap gap-2">
              <Button type="submit" variant="secondary">
                {t('loops.list.apply')}
              </Button>
              {filtered ? (
                <AppLink to={base} className={buttonClass('link')}>
                  {t('loops.list.clear')}
                </AppLink>
              ) : null}
            </div>
          </Form>
        </Section>
      ) : null}

      {loops.length ? (
        <LoopCards loops={loops} showAuthor={viewer} unread={unread} />
      ) : empty ? (
        <p className="rounded-md bg-white p-4 text-slate-700 ring-1 ring-slate-200">{empty}</p>
      ) : null}

      <nav className="flex flex-wrap gap-4">
        {query.cursor ? (
          <AppLink to={params({})} className={buttonClass('link')}>
            {t('loops.list.newest')}
          </AppLink>
        ) : null}
        {nextCursor ? (
          <AppLink to={params({ cursor: nextCursor })} className={buttonClass('link')}>
            {t('loops.list.more')}
          </AppLink>
        ) : null}
      </nav>

      {sees === 'all' && (loops.length || filtered) ? <LoopExportForm groupId={groupId} /> : null}
    </div>
  )
}
