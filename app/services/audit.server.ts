import type { Ctx } from './context.server'
import type { AuditStatus } from '~/db/schema'
import type { AuditAction } from './audit-actions'
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

/** An entry to record: its action is one of the kinds of audit-actions.ts (each has its sentence in both languages). */
type AuditEntry = { organizationId: string; action: AuditAction; items?: string[]; result?: Record<string, unknown> }

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

/** What an entry's action came to, as the organization home shows it. */
export type AuditOutcomeKind = 'success' | 'partial' | 'failure' | 'unfinished'

/** Counts of a tally: how many succeeded, out of how many, and the failures by code. */
export interface AuditCounts {
  succeeded: number
  total: number
  failures: [code: string, count: number][]
}

export interface AuditOutcome extends AuditCounts {
  kind: AuditOutcomeKind
  /** Items handled so far (an unfinished bulk action). */
  counted: number
  /** One change, not a list of items: shown as done rather than "1 of 1". */
  single: boolean
  /** A group created with members: how many of them were added. */
  members?: AuditCounts
  /** An export: how many rows it held (group.loops.export, its result's `rows`). */
  exportedRows?: number
  /**
   * An import's (or "add by email"'s) rows by outcome, every code in the order of ROW_OUTCOMES then
   * the problems: shown in words ("3 invited, 1 unchanged, 1 not valid") instead of "n of m succeeded".
   */
  rows?: [code: string, count: number][]
}

/**
 * The outcomes of an import's rows that are no failure (apply.server.ts `RowOutcome`): a person added,
 * invited, updated, already as the row says, or already invited. Any other code of such a tally is a
 * row's problem.
 */
export const ROW_OUTCOMES = ['ADDED', 'INVITED', 'UPDATED', 'UNCHANGED', 'ALREADY_INVITED'] as const
const isRowOutcome = (code: string) => (ROW_OUTCOMES as readonly string[]).includes(code)
const isSuccess = (code: string) => code === 'SUCCESS' || isRowOutcome(code)

/** The result codes of a tally: upper-case keys with a number ({ SUCCESS: 3, OWNS_GROUP: 1 }). */
function codesOf(result: Record<string, unknown>): [string, number][] {
  return Object.entries(result).filter((e): e is [string, number] => /^[A-Z][A-Z_]*$/.test(e[0]) && typeof e[1] === 'number')
}

function countsOf(codes: [string, number][], total: number): AuditCounts {
  return {
    succeeded: codes.filter(([code]) => isSuccess(code)).reduce((sum, [, n]) => sum + n, 0),
    total,
    failures: codes.filter(([code]) => !isSuccess(code)),
  }
}

/**
 * The true outcome of an audit entry. A bulk action's result is the tally of its items
 * (runBulk); a single change is recorded in the transaction that makes it, so a finished entry
 * without a tally (creating a group, renaming an organization) succeeded. A group created with
 * members carries their tally under `members`: some not added makes the creation partial.
 */
export function auditOutcome(entry: { itemCount: number; result: Record<string, unknown>; finished: boolean }): AuditOutcome {
  const codes = codesOf(entry.result)
  const rows = codes.some(([code]) => isRowOutcome(code)) ? rowsOf(codes) : undefined
  const counted = codes.reduce((sum, [, n]) => sum + n, 0)
  const items = Math.max(entry.itemCount, 1)
  const members = entry.result.members
  const memberCodes = members && typeof members === 'object' ? codesOf(members as Record<string, unknown>) : []
  const memberCounts = memberCodes.length
    ? countsOf(
        memberCodes,
        memberCodes.reduce((sum, [, n]) => sum + n, 0),
      )
    : undefined
  if (!entry.finished) return { kind: 'unfinished', ...countsOf(codes, items), counted, single: false, members: memberCounts, rows }
  // A single change without a tally: it committed with its entry.
  const counts = codes.length ? countsOf(codes, counted || items) : { succeeded: items, total: items, failures: [] }
  const partly = counts.failures.length > 0 || (memberCounts?.failures.length ?? 0) > 0
  const kind = counts.succeeded === 0 ? 'failure' : partly ? 'partial' : 'success'
  const exported = typeof entry.result.rows === 'number' ? { exportedRows: entry.result.rows } : {}
  return { kind, ...counts, counted: counts.total, single: !rows && counts.total === 1, members: memberCounts, rows, ...exported }
}

/** An import's tally in a stable order: the row outcomes as ROW_OUTCOMES lists them, then the problems as recorded. */
const rowsOf = (codes: [string, number][]): [string, number][] => [
  ...ROW_OUTCOMES.flatMap((code) => codes.filter(([c]) => c === code)),
  ...codes.filter(([code]) => !isRowOutcome(code)),
]

/**
 * The latest admin activity of an organization, with the actor's name (for a change made by the
 * directory over SCIM, the token's name and `byDirectory`): one entry per action, a
 * bulk action with the results committed so far. `finished` is false for a bulk action still
 * running, or one that stopped part-way (its result counts what was committed); `outcome` says
 * what it came to (auditOutcome).
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
  return rows.map((r) => {
    const entry = {
      _id: r.id,
      action: r.action,
      actorName: r.actorName ?? r.directoryName,
      byDirectory: r.directoryName !== null,
      itemCount: (JSON.parse(r.items) as string[]).length,
      result: JSON.parse(r.result) as Record<string, unknown>,
      created: r.created_at,
      finished: r.status === 'done',
    }
    return { ...entry, outcome: auditOutcome(entry) }
  })
}
