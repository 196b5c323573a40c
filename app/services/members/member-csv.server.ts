import { csvDateTime, csvDocument, type CsvFormat } from '~/utils/csv'
import { requireOrgAdmin } from '../access.server'
import type { Ctx } from '../context.server'
import { selectMembers, toMember, type MemberQuery } from './members.server'

/** Column titles and yes/no words of the CSV; the route passes translated ones. */
export interface MembersCsvLabels {
  headers: [name: string, email: string, created: string, lastRequest: string, admin: string, groupCreator: string]
  yes: string
  no: string
}
const DEFAULT_CSV_LABELS: MembersCsvLabels = {
  headers: ['name', 'email', 'created', 'lastRequest', 'isAdmin', 'isGroupCreator'],
  yes: 'true',
  no: 'false',
}

/**
 * The members matching the list's search and sort, all pages, as CSV (app/utils/csv.ts): the
 * delimiter of the user's language, times as local times in the user's timezone.
 */
export async function exportMembersCsv(
  ctx: Ctx,
  organizationId: string,
  query: Pick<MemberQuery, 'q' | 'sort' | 'dir' | 'groupCreatorsOnly'>,
  labels: MembersCsvLabels = DEFAULT_CSV_LABELS,
  format: CsvFormat = { delimiter: ',', timeZone: 'UTC' },
): Promise<string> {
  await requireOrgAdmin(ctx, organizationId)
  const rows = await selectMembers(ctx.db, organizationId, query).execute()
  const flag = (v: boolean) => (v ? labels.yes : labels.no)
  const time = (v: string | null) => csvDateTime(v, format.timeZone)
  return csvDocument(
    [
      [...labels.headers],
      ...rows.map(toMember).map((m) => [m.name, m.email, time(m.created), time(m.lastRequest), flag(m.isAdmin), flag(m.isGroupCreator)]),
    ],
    format,
  )
}
