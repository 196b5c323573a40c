import { data, type LoaderFunctionArgs } from '@remix-run/node'
import { Form, useLoaderData } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { requireUser } from '~/auth/guards.server'
import { routeCall } from '~/http/route-call.server'
import { withArea } from '~/i18n/client'
import { ctxFor } from '~/services/context.server'
import { myLoops } from '~/services/group-work/loop-lists.server'
import { LoopListQuerySchema } from '~/services/group-work/loops.schemas'
import { AppLink } from '~/ui/app-link'
import { Button, buttonClass } from '~/ui/button'
import { SelectField } from '~/ui/field'
import { LoopCards } from '~/ui/group-work/loop-card'
import { unreadLoopIds } from '~/services/group-work/loop-reads.server'

/**
 * /loops, "My loops" (docs/group-work.md): everything the user has written, in every group they
 * are a member of, newest first, 50 a page, filtered by group (a GET form: no JavaScript needed).
 * Each loop opens its page in its group; with a group chosen, a link to the user's own insight in it
 * (docs/group-work.md "Insight"). The messages are the groups area's.
 */
export const handle = { breadcrumb: 'myLoops.title', i18nArea: 'myGroups' }
export const clientLoader = withArea('myGroups')

export async function loader({ request, context }: LoaderFunctionArgs) {
  const ctx = ctxFor(await requireUser(request, context), context)
  const url = new URL(request.url)
  const group = url.searchParams.get('group')?.slice(0, 32) || undefined
  const cursor = LoopListQuerySchema.shape.cursor.safeParse(url.searchParams.get('cursor') ?? undefined).data
  const mine = await routeCall(() => myLoops(ctx, { groupId: group, cursor }), { failure: 'myLoops.loadError' })
  // A loop of mine with a comment or an approval I have not read is marked until opened.
  const unread = await routeCall(
    () =>
      unreadLoopIds(
        ctx,
        mine.loops.map((l) => l.id),
      ),
    { failure: 'myLoops.loadError' },
  )
  return data({ ...mine, unread: [...unread], query: { group: group ?? '', cursor: cursor ?? '' } })
}

export { RouteErrorBoundary as ErrorBoundary } from '~/ui/route-error-boundary'

export default function MyLoopsPage() {
  const { t } = useTranslation()
  const { loops, nextCursor, groups, query, unread } = useLoaderData<typeof loader>()
  const withGroup = (extra: Record<string, string>) => {
    const search = new URLSearchParams(Object.entries({ group: query.group, ...extra }).filter(([, v]) => v))
    return search.size ? `/loops?${search}` : '/loops'
  }
  return (
    <div className="mx-auto max-w-3xl space-y-5">
      <h1 className="text-2xl font-bold">{t('myLoops.title')}</h1>
      <p className="text-slate-700">{t('myLoops.intro')}</p>
      {groups.length > 1 || query.group ? (
        <Form method="get" className="flex flex-wrap items-end gap-3">
          <SelectField label={t('myLoops.group')} selectProps={{ id: 'my-loops-group', name: 'group', defaultValue: query.group }}>
            <option value="">{t('myLoops.allGroups')}</option>
            {groups.map((group) => (
              <option key={group.id} value={group.id}>
                {group.name}
              </option>
            ))}
          </SelectField>
          <Button type="submit" variant="secondary">
            {t('myLoops.filter')}
          </Button>
        </Form>
      ) : null}
      {groups.some((group) => group.id === query.group) ? (
        <p>
          <AppLink to={`/groups/${query.group}/insight`} className="text-brand-700 underline">
            {t('insight.own.link')}
          </AppLink>
        </p>
      ) : null}
      {loops.length ? (
        <LoopCards loops={loops} showGroup unread={unread} />
      ) : (
        <p className="rounded-md bg-white p-4 text-slate-700 ring-1 ring-slate-200">
          {query.group ? t('myLoops.emptyGroup') : t('myLoops.empty')}{' '}
          {query.group ? null : (
            <AppLink to="/groups" className="text-brand-700 underline">
              {t('myGroups.title')}
            </AppLink>
          )}
        </p>
      )}
      <nav className="flex flex-wrap gap-4">
        {query.cursor ? (
          <AppLink to={withGroup({})} className={buttonClass('link')}>
            {t('loops.list.newest')}
          </AppLink>
        ) : null}
        {nextCursor ? (
          <AppLink to={withGroup({ cursor: nextCursor })} className={buttonClass('link')}>
            {t('loops.list.more')}
          </AppLink>
        ) : null}
      </nav>
    </div>
  )
}
