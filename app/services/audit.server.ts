import type { Ctx } from './context.server'
import type { AuditStatus } from '~/db/schema'
import { newId, nowIso } from '~/utils/ids.server'

export interface ItemResult {
  _id: string
  result: string
}

/** Counts per result status, e.g. { SUCCESS: 3, MEMBER_NOT_FOUND: 1 }. */
export function tally(results: ItemResult[]) {
  const counts: Record<string, number> = {}
  for (const r of results) counts[r.result] = (counts[r.result] ?? 0) + 1
  return counts
}

type AuditEntry = { organizationId: string; action: string; items?: string[]; result?: Record<string, unknown> }

/**
 * Records an admin change: what, who, when, which items, and the result. Pass the change's
 * transaction as `ctx.db`, so the change and its record commit together or not at all. Returns
 * the entry's id.
 */
export async function recordAudit(ctx: Ctx, entry: AuditEntry) {
  return insertAudit(ctx, entry, 'done')
}

/** Takes back the record of a change that was undone (e.g. an invitation whose email could not be sent), with it. */
export async function removeAudit(db: Ctx['db'], id: string) {
  await db.deleteFrom('audit_log').where('id', '=', id).execute()
}

/**
 * The audit entry of a bulk action, written before its first item as 'started' (its own
 * transaction): the action's items and the results known so far. Returns its id; each
 * transaction that commits items updates it (updateAudit), and the end marks it 'done'.
 */
export async function startAudit(ctx: Ctx, entry: AuditEntry) {
  return insertAudit(ctx, entry, 'started')
}

/** The result of a started entry so far (inside the transaction that commits it), or its final one with 'done'. */
export async function updateAudit(db: Ctx['db'], id: string, result: Record<string, unknown>, status: AuditStatus = 'started') {
  await db
    .updateTable('audit_log')
    .set({ result: JSON.stringify(result), status })
    .where('id', '=', id)
    .execute()
}

async function insertAudit(ctx: Ctx, entry: AuditEntry, status: AuditStatus) {
  const id = newId()
  await ctx.db
    .insertInto('audit_log')
    .values({
      id,
      organization_id: entry.organizationId,
      actor_id: ctx.actor?.id ?? null,
      directory_token_id: ctx.directoryTokenId ?? null,
      action: entry.action,
      items: JSON.stringify(entry.items ?? []),
      result: JSON.stringify(entry.result ?? {}),
      created_at: nowIso(ctx.now),
      status,
    })
    .execute()
  return id
}

/**
 * The latest admin activity of an organization, with the actor's name (for a change made by the
 * directory over SCIM, the token's name and `byDirectory`): one entry per action, a
 * bulk action with the results committed so far. `finished` is false for a bulk action still
 * running, or one that stopped part-way (its result counts what was committed).
 */
export async function latestAudit(ctx: Ctx, organizationId: string, limit = 10) {
  const rows = await ctx.db
    .selectFrom('audit_log as a')
    .leftJoin('users as u', 'u.id', 'a.actor_id')
    .leftJoin('directory_tokens as d', 'd.id', 'a.directory_token_id')
    .select(['a.id', 'a.action', 'a.items', 'a.result', 'a.created_at', 'a.status', 'u.name as actorName', 'd.name as directoryName'])
    .where('a.organization_id', '=', organizationId)
    .orderBy('a.created_at', 'desc')
    .orderBy('a.id', 'desc')
    .limit(limit)
    .execute()
  return rows.map((r) => ({
    _id: r.id,
    action: r.action,
    actorName: r.actorName ?? r.directoryName,
    byDirectory: r.directoryName !== null,
    itemCount: (JSON.parse(r.items) as string[]).length,
    result: JSON.parse(r.result) as Record<string, unknown>,
    created: r.created_at,
    finished: r.status === 'done',
  }))
}
