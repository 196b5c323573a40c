import type { LoaderFunctionArgs } from '@remix-run/node'
import { requireUser } from '~/auth/guards.server'
import { routeCall } from '~/http/route-call.server'
import { detectLocale, tFor } from '~/i18n/i18n.server'
import { ctxFor } from '~/services/context.server'
import { parseMemberListQuery } from '~/services/members/members.schemas'
import { methodNotAllowed } from '~/errors'
import { exportMembersCsv } from '~/services/members/member-csv.server'
import { getOrganizationName } from '~/services/organizations/organizations.server'
import { csvFormatFor } from '~/utils/csv'
import { csvResponse } from '~/utils/csv-response.server'
import { ORGANIZATION_SCREEN } from './org-not-found.server'

/**
 * …/members.csv?q=&sort=&dir=: the members matching the list's search, every page, as a CSV
 * download with the column titles, delimiter and times of the user's language and timezone.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const actor = await requireUser(request, context)
  const ctx = ctxFor(actor, context)
  const organizationId = params.organizationId!
  const query = parseMemberListQuery(new URL(request.url))
  const locale = await detectLocale(request, actor.locale)
  const t = tFor(locale)
  const name = await routeCall(() => getOrganizationName(ctx, organizationId), ORGANIZATION_SCREEN)
  const csv = await exportMembersCsv(
    ctx,
    organizationId,
    query,
    {
      headers: [
        t('orgMembers.columns.name'),
        t('orgMembers.columns.email'),
        t('orgMembers.columns.created'),
        t('orgMembers.columns.lastRequest'),
        t('orgMembers.columns.admin'),
        t('orgMembers.columns.groupCreator'),
      ],
      yes: t('orgMembers.yes'),
      no: t('orgMembers.no'),
    },
    csvFormatFor(locale, actor.timezone),
  )
  const base = `${t('orgMembers.title')}-${name}`
  return csvResponse(csv, base)
}

export const action = () => methodNotAllowed('GET, HEAD')
