import { requireOrgAdmin } from '~/services/access.server'
import type { Ctx } from '~/services/context.server'
import { newId, nowIso } from '~/utils/ids.server'
import type { ScimError } from './scim-error'

/**
 * The directory sync's last errors: every 4xx or 5xx answer of /scim/v2 to a valid token, so an
 * admin sees on the organization home (and through the tokens API) why provisioning fails, as the
 * directory's provisioning log would tell them. The newest DIRECTORY_ERRORS_KEPT of an
 * organization are kept; a request without a valid token (401) names no organization and is not
 * recorded.
 */
export const DIRECTORY_ERRORS_KEPT = 20
/** The longest detail kept (a detail may quote the value the directory sent). */
const MAX_DETAIL = 500

export interface DirectoryErrorEntry {
  at: string
  tokenId: string
  /** `PATCH /Users/{id}`: the method and the path under /scim/v2, without the query string. */
  operation: string
  status: number
  scimType: string | null
  detail: string
}

/**
 * An id that sorts after the ones this process made before it (a monotonic clock, then a random
 * part), so errors recorded in the same millisecond still list newest first.
 */
const sortableId = () => process.hrtime.bigint().toString().padStart(24, '0') + newId().slice(0, 8)

/** Records one error answer and deletes the organization's older ones beyond the kept number. */
export async function recordDirectoryError(
  db: Ctx['db'],
  input: { organizationId: string; tokenId: string; method: string; path: string; error: ScimError; now?: Date },
) {
  const { organizationId } = input
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('directory_errors')
      .values({
        id: sortableId(),
        organization_id: organizationId,
        token_id: input.tokenId,
        created_at: nowIso(input.now ?? new Date()),
        method: input.method,
        path: input.path.slice(0, 300),
        status: input.error.status,
        scim_type: input.error.scimType ?? null,
        detail: input.error.detail.slice(0, MAX_DETAIL),
      })
      .execute()
    // The oldest kept row's time: everything before it goes (ties at that instant stay, a few more at most).
    const oldestKept = await trx
      .selectFrom('directory_errors')
      .select('created_at')
      .where('organization_id', '=', organizationId)
      .orderBy('created_at', 'desc')
      .offset(DIRECTORY_ERRORS_KEPT - 1)
      .limit(1)
      .executeTakeFirst()
    if (oldestKept) {
      await trx
        .deleteFrom('directory_errors')
        .where('organization_id', '=', organizationId)
        .where('created_at', '<', oldestKept.created_at)
        .execute()
    }
  })
}

/** The organization's last errors, newest first (admins only). */
export async function listDirectoryErrors(ctx: Ctx, organizationId: string): Promise<DirectoryErrorEntry[]> {
  await requireOrgAdmin(ctx, organizationId)
  const rows = await ctx.db
    .selectFrom('directory_errors')
    .select(['created_at', 'token_id', 'method', 'path', 'status', 'scim_type', 'detail'])
    .where('organization_id', '=', organizationId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(DIRECTORY_ERRORS_KEPT)
    .execute()
  return rows.map((r) => ({
    at: r.created_at,
    tokenId: r.token_id,
    operation: `${r.method} ${r.path}`,
    status: Number(r.status),
    scimType: r.scim_type,
    detail: r.detail,
  }))
}
