import type { Ctx } from './context.server'
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

/** Records an admin change: what, who, when, which items, and the result. */
export async function recordAudit(
  ctx: Ctx,
  entry: { organizationId: string; action: string; items?: string[]; result?: Record<string, unknown> },
) {
  await ctx.db
    .insertInto('audit_log')
    .values({
      id: newId(),
      organization_id: entry.organizationId,
      actor_id: ctx.actor?.id ?? null,
      action: entry.action,
      items: JSON.stringify(entry.items ?? []),
      result: JSON.stringify(entry.result ?? {}),
      created_at: nowIso(ctx.now),
    })
    .execute()
}

/** The latest admin activity of an organization, with the actor's name. */
export async function latestAudit(ctx: Ctx, organizationId: string, limit = 10) {
  const rows = await ctx.db
    .selectFrom('audit_log as a')
    .leftJoin('users as u', 'u.id', 'a.actor_id')
    .select(['a.id', 'a.action', 'a.items', 'a.result', 'a.created_at', 'u.name as actorName'])
    .where('a.organization_id', '=', organizationId)
    .orderBy('a.created_at', 'desc')
    .orderBy('a.id', 'desc')
    .limit(limit)
    .execute()
  return rows.map((r) => ({
    _id: r.id,
    action: r.action,
    actorName: r.actorName,
    itemCount: (JSON.parse(r.items) as string[]).length,
    result: JSON.parse(r.result) as Record<string, unknown>,
    created: r.created_at,
  }))
}
