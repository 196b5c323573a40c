import { PostgresAdapter, type Kysely } from 'kysely'
import type { Database } from '~/db/schema'
import { recordAudit, tally, type ItemResult } from './audit.server'
import type { Ctx } from './context.server'

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
  action: string
  /**
   * The items in the order asked. Without `idOf` they are ids, each run once (repeats dropped);
   * with it every item runs as given (a change list may name the same group twice).
   */
  items: readonly E[]
  /** The `_id` of an item's result. */
  idOf?: (item: E) => string
  /**
   * A failure known from the state loaded before the loop (not a member, not found, …): that
   * code without opening a transaction; nothing (undefined) runs the item.
   */
  check?: (item: E) => string | undefined
  /** The item's work, in its own transaction; anything but SUCCESS is rolled back. */
  item: (trx: Tx, item: E) => Promise<Outcome<X>>
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

/**
 * The one way a bulk action runs (design: "a bulk action checks each item and returns
 * `{ _id, result }` per item"). The caller checks access and batch-loads what `check` needs;
 * then each item either fully happens, in its own transaction, or not at all. An unexpected error
 * of one item is logged and becomes its SERVER_ERROR; the others go on. One audit entry records
 * the action, its items and the tally of results, whatever happened. An empty list does nothing.
 */
export async function runBulk<E = string, X extends object = object>(ctx: Ctx, spec: BulkSpec<E, X>): Promise<BulkResult<X>[]> {
  const idOf = spec.idOf ?? ((item: E) => item as unknown as string)
  const items = spec.idOf ? spec.items : uniqueIds(spec.items as readonly unknown[] as string[]).map((id) => id as unknown as E)
  if (items.length === 0) return []
  const failed = (spec.failed ?? {}) as X
  const results: BulkResult<X>[] = []
  for (const entry of items) {
    const _id = idOf(entry)
    let outcome: Outcome<X>
    try {
      outcome =
        spec.check?.(entry) ??
        (await ctx.db.transaction().execute(async (trx) => {
          const answer = await spec.item(trx, entry)
          if (resultOf(answer) !== 'SUCCESS') throw new Failed(answer)
          return answer
        }))
    } catch (error) {
      if (error instanceof Failed) outcome = error.outcome as Outcome<X>
      else if (error instanceof Rollback) outcome = error.code
      else {
        console.error(`bulk ${spec.action}: item ${_id} failed`, error)
        outcome = 'SERVER_ERROR'
      }
    }
    results.push(typeof outcome === 'string' ? { _id, result: outcome, ...failed } : { _id, ...outcome })
  }
  await recordAudit(ctx, {
    organizationId: spec.organizationId,
    action: spec.action,
    items: uniqueIds(items.map(idOf)),
    result: { ...tally(results), ...spec.auditResult?.(results) },
  })
  return results
}

/** Non-empty ids, each once, in their first order. */
export const uniqueIds = (ids: readonly string[]) => [...new Set(ids.filter((id) => typeof id === 'string' && id.length > 0))]
