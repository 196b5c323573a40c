import type { LoaderFunctionArgs } from '@remix-run/node'
import { useLoaderData, useLocation, useParams } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { requireUser } from '~/auth/guards.server'
import { routeCall } from '~/http/route-call.server'
import { auditActors, isReversedRange, listAuditLog, parseAuditLogQuery } from '~/services/organizations/audit-log.server'
import { ctxFor } from '~/services/context.server'
import { Alert } from '~/ui/alert'
import { AppLink } from '~/ui/app-link'
import { actionText, actorText, targetText } from '~/ui/audit-entry'
import { useFormatters } from '~/ui/format'
import { Pagination, useListLoading } from '~/ui/list-controls'
import { redirectPastLastPage } from '~/utils/list-page.server'
import { currentZoneName } from '~/utils/timezones'
import { ActivityResult } from '../home/overview-sections'
import { ORGANIZATION_SCREEN } from '../org-not-found.server'
import { AuditFilters } from './audit-filters'
import { CsvExportLink } from '~/ui/csv-export-link'

export const handle = { breadcrumb: 'orgAudit.title' }

/**
 * …/audit?action=&actor=&from=&to=&page=: the organization's audit log for its admins, newest
 * first, filtered and paged on the server from the URL; dates are days in the admin's timezone.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const actor = await requireUser(request, context)
  const ctx = ctxFor(actor, context)
  const organizationId = params.organizationId!
  const query = parseAuditLogQuery(new URL(request.url))
  const [page, actors] = await routeCall(
    () => Promise.all([listAuditLog(ctx, organizationId, query, actor.timezone), auditActors(ctx, organizationId)]),
    { ...ORGANIZATION_SCREEN, failure: 'orgAudit.loadError' },
  )
  redirectPastLastPage(request, page)
  return {
    page,
    actors,
    query: { action: query.action, actor: query.actor, from: query.from, to: query.to },
    reversedRange: isReversedRange(query),
    timeZone: currentZoneName(actor.timezone),
  }
}

export { RouteErrorBoundary as ErrorBoundary } from '~/ui/route-error-boundary'

export default function AuditLog() {
  const { t } = useTranslation()
  const { page, actors, query, reversedRange, timeZone } = useLoaderData<typeof loader>()
  const { organizationId } = useParams()
  const location = useLocation()
  const { dateTime } = useFormatters()
  const loading = useListLoading()
  const filterParams = new URLSearchParams()
  for (const k of ['action', 'actor', 'from', 'to'] as const) if (query[k]) filterParams.set(k, query[k])
  const filterQuery = filterParams.toString()
  const csvHref = `/organizations/${organizationId}/audit.csv${filterQuery ? `?${filterQuery}` : ''}`
  const filtered = filterQuery !== ''

  return (
    <section aria-labelledby="audit-title">
      <div className="mb-2 flex flex-wrap items-end justify-between gap-3">
        <h1 id="audit-title" className="text-xl font-bold">
          {t('orgAudit.title')}
        </h1>
        <CsvExportLink href={csvHref} id="audit-csv-hint" label={t('orgAudit.exportCsv')} hint={t('orgAudit.exportCsvHint')} />
      </div>
      <p className="mb-4 text-slate-700">{t('orgAudit.intro', { timeZone })}</p>
      <AuditFilters query={query} actors={actors} />
      {reversedRange ? (
        <div className="mb-3">
          <Alert tone="error">{t('orgAudit.reversedRange')}</Alert>
        </div>
      ) : null}
      {loading ? (
        <p role="status" className="mb-2 text-sm text-slate-600">
          {t('orgAudit.loading')}
        </p>
      ) : null}
      {page.total === 0 ? (
        reversedRange ? null : (
          <p className="rounded-md bg-white p-4 text-slate-700 ring-1 ring-slate-200">
            {t(filtered ? 'orgAudit.noMatches' : 'orgAudit.empty')}
          </p>
        )
      ) : (
        <>
          <div className="overflow-x-auto rounded-md bg-white ring-1 ring-slate-200">
            <table className="w-full min-w-[48rem] text-sm" aria-busy={loading || undefined}>
              <caption className="sr-only">{t('orgAudit.title')}</caption>
              <thead className="border-b border-slate-200 text-left">
                <tr>
                  {(['when', 'who', 'what', 'target', 'items', 'outcome'] as const).map((column) => (
                    <th key={column} scope="col" className={`px-3 py-2 font-semibold ${column === 'items' ? 'text-right' : ''}`}>
                      {t(`orgAudit.columns.${column}`)}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {page.items.map((entry) => (
                  <tr key={entry._id} className="border-b border-slate-100 align-top last:border-0">
                    <td className="whitespace-nowrap px-3 py-2">
                      <time dateTime={entry.created}>{dateTime(entry.created)}</time>
                    </td>
                    <td className="px-3 py-2">{actorText(t, entry)}</td>
                    <th scope="row" className="px-3 py-2 text-left font-normal">
                      {actionText(t, entry.action)}
                    </th>
                    <td className="break-words px-3 py-2">{targetText(t, entry.target)}</td>
                    <td className="px-3 py-2 text-right">{entry.itemCount}</td>
                    <td className="px-3 py-2">
                      <ActivityResult outcome={entry.outcome} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {page.items.length === 0 ? (
            <p className="mt-3 text-slate-700">
              <AppLink to={`${location.pathname}${filterQuery ? `?${filterQuery}` : ''}`} className="underline">
                {t('orgAudit.firstPage')}
              </AppLink>
            </p>
          ) : null}
          <Pagination page={page.page} pageSize={page.pageSize} total={page.total} />
        </>
      )}
    </section>
  )
}
