import type { LoaderFunctionArgs } from '@remix-run/node'
import { requireUser } from '~/auth/guards.server'
import { detectLocale, tFor } from '~/i18n/i18n.server'
import { ctxFor } from '~/services/context.server'
import { parseMemberListQuery } from '~/services/members.schemas'
import { methodNotAllowed } from '~/errors'
import { exportMembersCsv } from '~/services/member-csv.server'
import { getOrganizationName } from '~/services/organizations.server'
import { csvFormatFor } from '~/utils/csv'
import { orNotFound } from './org-not-found.server'

/** An ASCII file name (for old clients) from the organization's name. */
const asciiName = (name: string) =>
  name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .toLowerCase() || 'organization'

/** RFC 5987 value for filename*: percent-encoded UTF-8, ' ( ) * included. */
const rfc5987 = (value: string) => encodeURIComponent(value).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)

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
  const name = await orNotFound(() => getOrganizationName(ctx, organizationId))
  const csv = await exportMembersCsv(ctx, organizationId, query, {
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
  }, csvFormatFor(locale, actor.timezone))
  const base = `${t('orgMembers.title')}-${name}`
  return new Response(csv, {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${asciiName(base)}.csv"; filename*=UTF-8''${rfc5987(`${base}.csv`)}`,
      'Cache-Control': 'private, no-store',
    },
  })
}

export const action = () => methodNotAllowed('GET, HEAD')
