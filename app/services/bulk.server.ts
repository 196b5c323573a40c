import { PostgresAdapter, type Kysely } from 'kysely'
import type { Database } from '~/db/schema'
import { startAudit, tally, updateAudit, type ItemResult } from './audit.server'
import type { Ctx } from './context.server'
import type { AuditAction } from './audit-actions'
import { batches } from '~/db/batches'

/** The transaction an item runs in. */
export type Tx = Kysely<Database>

/**
 * Serializes the membership-changing transactions of one organization (removing members,
 * changing group owners, creating groups), so that a rule checked in one (the new owner is a
 * member; a member owns no group) still holds when it commits. PostgreSQL: a row lock on the
 * organization, and each later statement sees what the previous holder committed. SQLite runs
 * one transaction at a time already.
 */
export async function lockOrganization(trx: Tx, organizationId: string) {
  if (!(trx.getExecutor().adapter instanceof PostgresAdapter)) return
  await trx.selectFrom('organizations').select('id').where('id', '=', organizationId).forUpdate().execute()
}

/**
 * Thrown inside an item to undo what it did so far and report `code` as its result. An item may
 * just as well return the code: whatever an item that does not succeed has written is undone.
 */
export class Rollback extends Error {
  constructor(readonly code: string) {
    super(code)
    this.name = 'Rollback'
  }
}

/** What an item answers: a result code, or the code with extra fields (e.g. an owner change's group). */
export type Outcome<X extends object> = string | (X & { result: string })

/** One item's result: `{ _id, result }` and the extra fields of the action, if any. */
export type BulkResult<X extends object = object> = ItemResult & X

export type BulkSpec<E, X extends object> = {
  organizationId: string
  /** The audit action, e.g. 'members.remove'. */
  action: AuditAction
  /**
   * The items in the order asked. Without `idOf` they are ids, each run once (repeats dropped);
   * with it every item runs as given (a change list may name the same group twice).
   */
  items: readonly E[]
  /** The `_id` of an item's result. */
  idOf?: (item: E) => string
  /**
   * Whether the item is the organization's (its member, its group), from the state loaded before
   * the loop. Only those are recorded in the audit entry's items: an id of someone or something
   * outside it is counted in the tally (and in `notRecorded`), never kept, so the log cannot name it.
   */
  ofOrganization: (item: E) => boolean
  /**
   * A failure known from the state loaded before the loop (not a member, not found, …): that
   * code without opening a transaction; nothing (undefined) runs the item.
   */
  check?: (item: E) => string | undefined
  /** The item's work, in its own transaction; anything but SUCCESS is rolled back. */
  item: (trx: Tx, item: E) => Promise<Outcome<X>>
  /**
   * The same work for many items at once (up to BULK_BATCH, in the order asked), in one
   * transaction with a few set-based statements: one outcome per item, in their order. Unlike
   * `item`, nothing is rolled back per item, so it must write only for the items it answers
   * SUCCESS. If it throws, its items run one by one through `item` instead, so an unexpected
   * error costs only the item that causes it.
   */
  batch?: (trx: Tx, items: E[]) => Promise<Outcome<X>[]>
  /** Extra fields of the audit entry's result besides the tally (counted from all results). */
  auditResult?: (results: BulkResult<X>[]) => Record<string, unknown>
} & (object extends X ? { failed?: X } : { /** The extra fields of a result that is only a code. */ failed: X })

/** Undoes the item's transaction and carries what it answered out of it. */
class Failed<X extends object> extends Error {
  constructor(readonly outcome: Outcome<X>) {
    super('bulk item did not succeed')
  }
}

const resultOf = (outcome: Outcome<object>) => (typeof outcome === 'string' ? outcome : outcome.result)

/** Items per batch transaction: one round trip per statement serves this many items. */
export const BULK_BATCH = 500

/** Writes, inside the transaction that commits them, the audit entry's result with these outcomes counted. */
type RecordCommitted<X extends object> = (trx: Tx, outcomes: Outcome<X>[]) => Promise<void>

/** One item in its own transaction: its outcome, SERVER_ERROR (logged) for an unexpected error. */
async function runItem<E, X extends object>(ctx: Ctx, spec: BulkSpec<E, X>, entry: E, record: RecordCommitted<X>): Promise<Outcome<X>> {
  try {
    return await ctx.db.transaction().execute(async (trx) => {
      const answer = await spec.item(trx, entry)
      if (resultOf(answer) !== 'SUCCESS') throw new Failed(answer)
      await record(trx, [answer])
      return answer
    })
  } catch (error) {
    if (error instanceof Failed) return error.outcome as Outcome<X>
    if (error instanceof Rollback) return error.code
    const idOf = spec.idOf ?? ((item: E) => item as unknown as string)
    console.error(`bulk ${spec.action}: item ${idOf(entry)} failed`, error)
    return 'SERVER_ERROR'
  }
}

/** What runBatch reports to runBulk: the audit update of a transaction's items, and each item's outcome as it is known. */
interface Progress<X extends object> {
  /** Updates the audit entry, inside the transaction, with the outcomes of these items counted. */
  commit: (indexes: number[]) => RecordCommitted<X>
  settle: (indexes: number[], outcomes: Outcome<X>[]) => void
}

/** Items (by index) in one transaction through `batch`; if it fails, each item alone through `item`. */
async function runBatch<E, X extends object>(ctx: Ctx, spec: BulkSpec<E, X>, items: readonly E[], part: number[], progress: Progress<X>) {
  try {
    const outcomes = await ctx.db.transaction().execute(async (trx) => {
      const answers = await spec.batch!(
        trx,
        part.map((i) => items[i]),
      )
      if (answers.length !== part.length) throw new Error(`batch answered ${answers.length} outcomes for ${part.length} items`)
      await progress.commit(part)(trx, answers)
      return answers
    })
    progress.settle(part, outcomes)
  } catch (error) {
    if (part.length > 1) console.warn(`bulk ${spec.action}: batch of ${part.length} failed (${String(error)}); item by item`)
    for (const i of part) progress.settle([i], [await runItem(ctx, spec, items[i], progress.commit([i]))])
  }
}

/**
 * The one way a bulk action runs (design: "a bulk action checks each item and returns
 * `{ _id, result }` per item"). The caller checks access and batch-loads what `check` needs;
 * then each item either fully happens or not at all: in its own transaction, or with `batch`
 * BULK_BATCH items per transaction (a round trip per statement, not per item: 1,000 members
 * removed in well under a second on PostgreSQL too). An unexpected error of one item is logged and
 * becomes its SERVER_ERROR; the others go on. An empty list does nothing.
 *
 * The audit entry (one per action: its items of the organization and the tally of results) is written 'started' before
 * the first transaction, and every transaction that commits items updates its result in that same
 * transaction; at the end it is 'done'. So whenever the run stops (the process killed between two
 * batches, or during one, which the database rolls back), the entry counts exactly the changes
 * that were committed.
 */
export async function runBulk<E = string, X extends object = object>(ctx: Ctx, spec: BulkSpec<E, X>): Promise<BulkResult<X>[]> {
  const idOf = spec.idOf ?? ((item: E) => item as unknown as string)
  const items = spec.idOf ? spec.items : uniqueIds(spec.items as readonly unknown[] as string[]).map((id) => id as unknown as E)
  if (items.length === 0) return []
  const failed = (spec.failed ?? {}) as X
  const toResult = (i: number, outcome: Outcome<X>): BulkResult<X> => {
    const _id = idOf(items[i])
    return typeof outcome === 'string' ? { _id, result: outcome, ...failed } : { _id, ...outcome }
  }
  // Items the preloaded state already answers, then the others: alone, or BULK_BATCH at a time.
  const outcomes = new Map<number, Outcome<X>>()
  const pending: number[] = []
  items.forEach((entry, i) => {
    const known = spec.check?.(entry)
    if (known === undefined) pending.push(i)
    else outcomes.set(i, known)
  })
  const sofar = () => [...outcomes].map(([i, outcome]) => toResult(i, outcome))
  const outside = items.filter((entry) => !spec.ofOrganization(entry)).length
  const auditResult = (results: BulkResult<X>[]) => ({
    ...tally(results),
    ...spec.auditResult?.(results),
    ...(outside ? { notRecorded: outside } : {}),
  })
  const auditId = await startAudit(ctx, {
    organizationId: spec.organizationId,
    action: spec.action,
    items: uniqueIds(items.filter(spec.ofOrganization).map(idOf)),
    result: auditResult(sofar()),
  })
  const progress: Progress<X> = {
    // The results so far plus those the transaction commits.
    commit: (indexes) => (trx, committed) =>
      updateAudit(trx, auditId, auditResult([...sofar(), ...indexes.map((i, k) => toResult(i, committed[k]))])),
    settle: (indexes, answers) => indexes.forEach((i, k) => outcomes.set(i, answers[k])),
  }
  if (spec.batch) {
    for (const batch of batches(pending, BULK_BATCH)) await runBatch(ctx, spec, items, batch, progress)
  } else {
    for (const i of pending) progress.settle([i], [await runItem(ctx, spec, items[i], progress.commit([i]))])
  }
  const results = items.map((_, i) => toResult(i, outcomes.get(i)!))
  await updateAudit(ctx.db, auditId, auditResult(results), 'done')
  return results
}

/** Non-empty ids, each once, in their first order. */
export const uniqueIds = (ids: readonly string[]) => [...new Set(ids.filter((id) => typeof id === 'string' && id.length > 0))]
