import type { LoaderFunctionArgs } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { requireUser } from '~/auth/guards.server'
import { routeCall } from '~/http/route-call.server'
import { VITAL_NAMES, VITAL_THRESHOLDS, type VitalName } from '~/utils/telemetry-rules'
import { withArea } from '~/i18n/client'
import { ctxFor } from '~/services/context.server'
import { isPlatformAdmin } from '~/services/platform/platform.server'
import { telemetrySummary, type VitalSummary } from '~/services/platform/telemetry.server'
import { useFormatters } from '~/ui/format'

/**
 * /platform/telemetry: for platform admins, the p75 of each web vital per route over the last days,
 * as bars against the good/poor thresholds, and the latest errors browsers reported (ADR 011).
 * Everyone else gets the not-found screen; a signed-out visitor signs in first.
 */
export const handle = { breadcrumb: 'platformTelemetry.title', i18nArea: 'platform' }
export const clientLoader = withArea('platform')

export async function loader({ request, context }: LoaderFunctionArgs) {
  const ctx = ctxFor(await requireUser(request, context), context)
  if (!isPlatformAdmin(ctx)) throw new Response('Not found', { status: 404 })
  return routeCall(() => telemetrySummary(ctx), { failure: 'platformTelemetry.loadError' })
}

export { RouteErrorBoundary as ErrorBoundary } from '~/ui/route-error-boundary'

const RATING_CLASS = { good: 'bg-emerald-600', 'needs-improvement': 'bg-amber-500', poor: 'bg-red-600' } as const

const formatValue = (name: VitalName, value: number) => (name === 'CLS' ? value.toFixed(2) : `${Math.round(value)} ms`)

/** One vital: a bar per route, scaled so the poor threshold sits at 80 % of the width. */
function VitalChart({ name, rows }: { name: VitalName; rows: VitalSummary[] }) {
  const { t } = useTranslation()
  const { good, poor } = VITAL_THRESHOLDS[name]
  const scale = Math.max(poor / 0.8, ...rows.map((r) => r.p75))
  const at = (value: number) => `${Math.min(100, (value / scale) * 100)}%`
  const titleId = `vital-${name}`
  return (
    <section aria-labelledby={titleId} className="mb-8">
      <h2 id={titleId} className="mb-1 text-lg font-semibold">
        {t(`platformTelemetry.vitals.${name}`)}
      </h2>
      <p className="mb-3 text-sm text-slate-700">
        {t('platformTelemetry.thresholds', { good: formatValue(name, good), poor: formatValue(name, poor) })}
      </p>
      {rows.length === 0 ? (
        <p className="rounded-md bg-slate-50 p-3 text-sm text-slate-700">{t('platformTelemetry.noFigures')}</p>
      ) : (
        <table className="w-full text-sm">
          <caption className="sr-only">{t(`platformTelemetry.vitals.${name}`)}</caption>
          <thead className="sr-only">
            <tr>
              <th scope="col">{t('platformTelemetry.columns.route')}</th>
              <th scope="col">{t('platformTelemetry.columns.p75')}</th>
              <th scope="col">{t('platformTelemetry.columns.rating')}</th>
              <th scope="col">{t('platformTelemetry.columns.count')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.route} className="align-middle">
                <th scope="row" className="w-1/3 max-w-0 truncate py-1 pr-3 text-left font-normal">
                  <code title={r.route}>{r.route}</code>
                </th>
                <td className="py-1">
                  <div className="relative h-5 rounded bg-slate-100" aria-hidden="true">
                    <div className={`h-5 rounded ${RATING_CLASS[r.rating]}`} style={{ width: at(r.p75) }} />
                    <div className="absolute inset-y-0 border-l-2 border-dashed border-emerald-800" style={{ left: at(good) }} />
                    <div className="absolute inset-y-0 border-l-2 border-dashed border-red-800" style={{ left: at(poor) }} />
                  </div>
                </td>
                <td className="w-28 py-1 pl-3 whitespace-nowrap tabular-nums">
                  {formatValue(name, r.p75)} <span className="sr-only">{t(`platformTelemetry.rating.${r.rating}`)}</span>
                </td>
                <td className="w-24 py-1 pl-2 text-right whitespace-nowrap text-slate-700">
                  {t('platformTelemetry.count', { count: r.count })}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  )
}

export default function PlatformTelemetry() {
  const { t } = useTranslation()
  const { dateTime } = useFormatters()
  const { days, retentionDays, vitals, errors } = useLoaderData<typeof loader>()
  return (
    <div>
      <h1 className="mb-1 text-xl font-bold">{t('platformTelemetry.title')}</h1>
      <p className="mb-2 text-slate-700">{t('platformTelemetry.intro', { days, retention: retentionDays })}</p>
      <ul className="mb-6 flex flex-wrap gap-4 text-sm" aria-label={t('platformTelemetry.legend')}>
        {(['good', 'needs-improvement', 'poor'] as const).map((rating) => (
          <li key={rating} className="flex items-center gap-2">
            <span className={`inline-block h-3 w-6 rounded ${RATING_CLASS[rating]}`} aria-hidden="true" />
            {t(`platformTelemetry.rating.${rating}`)}
          </li>
        ))}
      </ul>
      {vitals.length === 0 ? <p className="mb-6 rounded-md bg-slate-50 p-4 text-slate-700">{t('platformTelemetry.empty')}</p> : null}
      {vitals.length > 0
        ? VITAL_NAMES.map((name) => <VitalChart key={name} name={name} rows={vitals.filter((v) => v.name === name)} />)
        : null}

      <section aria-labelledby="telemetry-errors">
        <h2 id="telemetry-errors" className="mb-2 text-lg font-semibold">
          {t('platformTelemetry.errorsTitle')}
        </h2>
        {errors.length === 0 ? (
          <p className="rounded-md bg-slate-50 p-4 text-slate-700">{t('platformTelemetry.noErrors')}</p>
        ) : (
          <div className="overflow-x-auto rounded-md ring-1 ring-slate-200">
            <table className="w-full min-w-[640px] text-sm">
              <caption className="sr-only">{t('platformTelemetry.errorsTitle')}</caption>
              <thead className="bg-slate-50 text-left">
                <tr>
                  {(['when', 'route', 'message', 'version'] as const).map((column) => (
                    <th key={column} scope="col" className="px-3 py-2 font-semibold">
                      {t(`platformTelemetry.columns.${column}`)}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {errors.map((e) => (
                  <tr key={e.id} className="border-t border-slate-200 align-top">
                    <td className="px-3 py-2 whitespace-nowrap">{dateTime(e.created_at)}</td>
                    <td className="px-3 py-2 break-all">
                      <code>{e.route}</code>
                    </td>
                    <td className="px-3 py-2 break-words">
                      <span className="mr-2 rounded-full bg-slate-100 px-2 py-0.5 text-xs">{e.name}</span>
                      {e.message}
                    </td>
                    <td className="px-3 py-2 whitespace-nowrap text-xs text-slate-700">{e.app_version}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </div>
  )
}
