import type { LoaderFunctionArgs } from '@remix-run/node'
import { requireUser } from '~/auth/guards.server'
import { methodNotAllowed } from '~/errors'
import { routeCall } from '~/http/route-call.server'
import { detectLocale, tFor } from '~/i18n/i18n.server'
import { allAuditEntries, parseAuditLogQuery } from '~/services/organizations/audit-log.server'
import { ctxFor } from '~/services/context.server'
import { getOrganizationName } from '~/services/organizations/organizations.server'
import { actionText, actorText, outcomeText, targetText } from '~/ui/audit-entry'
import { csvDateTime, csvDocument, csvFormatFor } from '~/utils/csv'
import { csvResponse } from '~/utils/csv-response.server'
import { ORGANIZATION_SCREEN } from '../org-not-found.server'

/**
 * …/audit.csv?action=&actor=&from=&to=: the audit log's entries that match the page's filters,
 * every page (newest first, at most AUDIT_CSV_MAX_ROWS), as a CSV download in the admin's language
 * and timezone, with the member export's rules (app/utils/csv.ts: `;` and a BOM for Swedish Excel,
 * formulas defused).
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const actor = await requireUser(request, context)
  const ctx = ctxFor(actor, context)
  const organizationId = params.organizationId!
  const query = parseAuditLogQuery(new URL(request.url))
  const entries = await routeCall(() => allAuditEntries(ctx, organizationId, query, actor.timezone), ORGANIZATION_SCREEN)
  const name = await routeCall(() => getOrganizationName(ctx, organizationId), ORGANIZATION_SCREEN)
  const locale = await detectLocale(request, actor.locale)
  const t = tFor(locale) as (key: string, values?: Record<string, unknown>) => string
  const format = csvFormatFor(locale, actor.timezone)
  const header = ['when', 'who', 'what', 'target', 'items', 'outcome'].map((column) => t(`orgAudit.columns.${column}`))
  const rows = entries.map((e) => [
    csvDateTime(e.created, format.timeZone),
    actorText(t, e),
    actionText(t, e.action),
    targetText(t, e.target),
    String(e.itemCount),
    outcomeText(t, e.outcome),
  ])
  return csvResponse(csvDocument([header, ...rows], format), `${t('orgAudit.title')}-${name}`)
}

export const action = () => methodNotAllowed('GET, HEAD')
