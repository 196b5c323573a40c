import { DomainError } from '~/errors'
import { addSeconds, newSecret, nowIso } from '~/utils/ids.server'
import { requireActiveOrgAdmin, requireOrgAdmin } from '../access.server'
import { actorOf, type Ctx } from '../context.server'
import { applyRows, type RowResult } from './apply.server'
import { parseMemberTable, type ImportColumns, type ImportRow } from './parse.server'
import { previewRows, type Preview } from './preview.server'

/*
 * An uploaded member file between its preview and its confirmation (migration 031): the parsed
 * rows are kept server-side under a random id, for the admin who uploaded them only, in their
 * organization, for an hour. The preview page reads them by that id (no JavaScript needed, nothing
 * re-posted); confirming applies them once and keeps the result per row for the same hour.
 */

/** How long an upload waits for its confirmation, and its result stays readable. */
export const IMPORT_UPLOAD_TTL_SECONDS = 60 * 60

export interface MemberImport {
  id: string
  fileName: string
  createMissingGroups: boolean
  created: string
  expires: string
  /** Which columns of the file were read and which left out (null for an upload older than that). */
  columns: ImportColumns | null
  /** Set once applied; the result per row, in the file's order. */
  applied: { at: string; results: RowResult[] } | null
}

/**
 * Reads and stores an uploaded file (CSV or .xlsx): its id, for the preview. The file's own
 * errors are DomainErrors (IMPORT_FILE_INVALID, IMPORT_NO_EMAIL_COLUMN, IMPORT_EMPTY,
 * IMPORT_TOO_MANY_ROWS) and store nothing. The organization's expired uploads go at the same time.
 */
export async function storeMemberImport(
  ctx: Ctx,
  organizationId: string,
  input: { fileName: string; bytes: Uint8Array; createMissingGroups: boolean },
): Promise<string> {
  await requireActiveOrgAdmin(ctx, organizationId)
  const { rows, columns } = await parseMemberTable(input.bytes)
  const id = newSecret()
  const now = nowIso(ctx.now)
  await ctx.db.deleteFrom('member_imports').where('organization_id', '=', organizationId).where('expires_at', '<=', now).execute()
  await ctx.db
    .insertInto('member_imports')
    .values({
      id,
      organization_id: organizationId,
      created_by: actorOf(ctx).id,
      file_name: input.fileName.slice(0, 200),
      create_missing_groups: input.createMissingGroups ? 1 : 0,
      rows: JSON.stringify(rows),
      columns: JSON.stringify(columns),
      created_at: now,
      expires_at: addSeconds(ctx.now, IMPORT_UPLOAD_TTL_SECONDS).toISOString(),
      applied_at: null,
      results: null,
    })
    .execute()
  return id
}

/** The upload's row: only the admin who uploaded it, in that organization, before it expires; else IMPORT_NOT_FOUND. */
async function findUpload(ctx: Ctx, organizationId: string, id: string) {
  await requireOrgAdmin(ctx, organizationId)
  const row = await ctx.db
    .selectFrom('member_imports')
    .selectAll()
    .where('id', '=', id)
    .where('organization_id', '=', organizationId)
    .where('created_by', '=', actorOf(ctx).id)
    .where('expires_at', '>', nowIso(ctx.now))
    .executeTakeFirst()
  if (!row) throw new DomainError('IMPORT_NOT_FOUND')
  return row
}

const toImport = (row: Awaited<ReturnType<typeof findUpload>>): MemberImport => ({
  id: row.id,
  fileName: row.file_name,
  createMissingGroups: Number(row.create_missing_groups) === 1,
  created: row.created_at,
  expires: row.expires_at,
  columns: row.columns ? (JSON.parse(row.columns) as ImportColumns) : null,
  applied: row.applied_at && row.results ? { at: row.applied_at, results: JSON.parse(row.results) as RowResult[] } : null,
})

/** The upload and, until it is applied, what applying it would do now. */
export async function previewMemberImport(
  ctx: Ctx,
  organizationId: string,
  id: string,
): Promise<{ upload: MemberImport; preview: Preview | null }> {
  const row = await findUpload(ctx, organizationId, id)
  const upload = toImport(row)
  if (upload.applied) return { upload, preview: null }
  const preview = await previewRows(ctx, organizationId, JSON.parse(row.rows) as ImportRow[], upload.createMissingGroups)
  // The account ids are the service's own business: the page names people, it needs no ids.
  for (const r of preview.rows) delete r.userId
  return { upload, preview }
}

/**
 * Applies the upload once: its result per row (the same, without changing anything, when it was
 * applied already, e.g. a second click or a reload that posts again).
 */
export async function applyMemberImport(ctx: Ctx, organizationId: string, id: string): Promise<RowResult[]> {
  const row = await findUpload(ctx, organizationId, id)
  if (row.applied_at) return JSON.parse(row.results ?? '[]') as RowResult[]
  // Claimed first, so two confirmations at once apply it once.
  const claim = await ctx.db
    .updateTable('member_imports')
    .set({ applied_at: nowIso(ctx.now) })
    .where('id', '=', id)
    .where('applied_at', 'is', null)
    .executeTakeFirst()
  if (Number(claim.numUpdatedRows) === 0) return (await applyMemberImportResults(ctx, organizationId, id)) ?? []
  try {
    const results = await applyRows(ctx, organizationId, JSON.parse(row.rows) as ImportRow[], {
      createMissingGroups: Number(row.create_missing_groups) === 1,
      auditAction: 'members.import',
      fileName: row.file_name,
    })
    await ctx.db
      .updateTable('member_imports')
      .set({ results: JSON.stringify(results) })
      .where('id', '=', id)
      .execute()
    return results
  } catch (error) {
    // Not applied after all (e.g. the organization was deactivated): it may be confirmed again.
    await ctx.db.updateTable('member_imports').set({ applied_at: null }).where('id', '=', id).execute()
    throw error
  }
}

/** The stored result of an applied upload (null while another request is still applying it). */
async function applyMemberImportResults(ctx: Ctx, organizationId: string, id: string) {
  const row = await findUpload(ctx, organizationId, id)
  return row.results ? (JSON.parse(row.results) as RowResult[]) : null
}

/** Drops an upload that will not be applied (the page's "choose another file"). */
export async function discardMemberImport(ctx: Ctx, organizationId: string, id: string) {
  const row = await findUpload(ctx, organizationId, id)
  await ctx.db.deleteFrom('member_imports').where('id', '=', row.id).execute()
}
