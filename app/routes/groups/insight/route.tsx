import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { requireUser } from '~/auth/guards.server'
import { routeCall } from '~/http/route-call.server'
import { redirectWithToast } from '~/http/toast.server'
import { ctxFor } from '~/services/context.server'
import { requireGroupWork } from '~/services/group-work/group-work-access.server'
import { classInsight, ownInsight, setClassInsight } from '~/services/group-work/insight-own.server'
import { rangeProblem, todayIn } from '~/services/group-work/insight-range.server'
import { ClassInsightSchema, INSIGHT_MEMBERS_PAGE, InsightQuerySchema, type InsightQuery } from '~/services/group-work/insight.schemas'
import { groupInsight } from '~/services/group-work/insight.server'
import { Alert } from '~/ui/alert'
import { readForm } from '~/utils/form-body.server'
import { GROUP_SCREEN, groupRefusalToast } from '../group-not-found.server'
import { GroupInsightView } from './group-insight-view'
import { InsightFilters } from './insight-filters'
import { OwnInsightView } from './own-insight-view'

/**
 * /groups/:groupId/insight, the Insight tab (docs/group-work.md "Insight"): for the owner, leaders,
 * a subscriber (the members they follow) and an organization admin outside the group (numbers
 * without names), what the loops of a range show; for a plain member their own values and tags,
 * and the anonymous class view when the owner has switched it on (the owner's form posts here).
 * The range and role are a GET form: the address says what is shown, no JavaScript needed.
 */
export const handle = { breadcrumb: 'insight.title' }

function readQuery(url: URL, today: string) {
  const raw = Object.fromEntries(['from', 'to', 'role'].map((key) => [key, url.searchParams.get(key)?.slice(0, 20) ?? undefined]))
  const parsed = InsightQuerySchema.safeParse(raw)
  if (!parsed.success) return { query: {}, errors: parsed.error.flatten().fieldErrors }
  const problem = rangeProblem({ from: parsed.data.from, to: parsed.data.to ?? today })
  if (problem) return { query: { role: parsed.data.role }, errors: { from: [problem] } }
  return { query: parsed.data as InsightQuery, errors: {} }
}

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context)
  const ctx = ctxFor(user, context)
  const groupId = params.groupId!
  const url = new URL(request.url)
  const { query, errors } = readQuery(url, todayIn(ctx.now, user.timezone))
  const work = await routeCall(() => requireGroupWork(ctx, groupId), GROUP_SCREEN)
  const options = { ...GROUP_SCREEN, failure: 'insight.loadError' }
  if (work.sees === 'own') {
    const [own, classView] = await routeCall(
      () => Promise.all([ownInsight(ctx, groupId, query), classInsight(ctx, groupId, query)]),
      options,
    )
    return data({ kind: 'own' as const, own, classView, errors, group: null, members: null })
  }
  const insight = await routeCall(() => groupInsight(ctx, groupId, query), options)
  const all = insight.members ?? []
  const pages = Math.max(1, Math.ceil(all.length / INSIGHT_MEMBERS_PAGE))
  const page = Math.min(pages, Math.max(1, Number.parseInt(url.searchParams.get('page') ?? '1', 10) || 1))
  const members = { rows: all.slice((page - 1) * INSIGHT_MEMBERS_PAGE, page * INSIGHT_MEMBERS_PAGE), page, pages }
  return data({ kind: 'group' as const, group: { ...insight, members: null }, members, errors, own: null, classView: null })
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const ctx = ctxFor(await requireUser(request, context), context)
  const groupId = params.groupId!
  const here = new URL(request.url).pathname
  await routeCall(() => requireGroupWork(ctx, groupId), GROUP_SCREEN)
  const form = await readForm(request)
  const parsed = ClassInsightSchema.safeParse({ on: form.get('on') })
  if (form.get('intent') !== 'class-insight' || !parsed.success) return data({ error: 'errors.BAD_REQUEST' }, { status: 400 })
  const on = parsed.data.on === '1'
  return routeCall(
    async () => {
      await setClassInsight(ctx, groupId, on)
      return redirectWithToast(here, { key: on ? 'insight.classView.turnedOn' : 'insight.classView.turnedOff' })
    },
    { ...GROUP_SCREEN, toast: groupRefusalToast(here), failure: 'insight.updateError' },
  )
}

export { RouteErrorBoundary as ErrorBoundary } from '~/ui/route-error-boundary'

export default function InsightPage() {
  const { t } = useTranslation()
  const loaded = useLoaderData<typeof loader>()
  const range = loaded.kind === 'own' ? loaded.own.range : loaded.group.range
  return (
    <div className="min-w-0 space-y-6">
      <div>
        <h1 className="mb-1 text-2xl font-bold">{loaded.kind === 'own' ? t('insight.own.title') : t('insight.title')}</h1>
        <p className="text-slate-700">{loaded.kind === 'own' ? t('insight.own.intro') : t('insight.intro')}</p>
      </div>
      {Object.keys(loaded.errors).length ? <Alert tone="error">{t('insight.form.defaultShown')}</Alert> : null}
      <InsightFilters
        from={range.from}
        to={range.to}
        role={loaded.kind === 'group' ? (loaded.group.role ?? '') : ''}
        showRole={loaded.kind === 'group'}
        errors={loaded.errors}
      />
      {loaded.kind === 'own' ? (
        <OwnInsightView own={loaded.own} classView={loaded.classView} />
      ) : (
        <GroupInsightView insight={loaded.group} members={loaded.members} />
      )}
    </div>
  )
}
