import type { Compilable, Kysely } from 'kysely'
import type { Database } from './schema'

/**
 * Batches for the database: one statement per batch of ids (`where … in (…)`) or of rows (a
 * multi-row insert), and per-item statements compiled once. Every loop over a long list of ids or
 * rows goes through here rather than slicing by hand.
 */

/**
 * Items per batch: bound parameters of one `in (…)` list, or rows of one multi-row insert of a few
 * columns. Far below SQLite's (32,766) and PostgreSQL's (65,535) limits on bound parameters; a
 * multi-row insert of many columns passes a smaller size (rows × columns must stay under them).
 */
export const BATCH_SIZE = 500

/** `items` in consecutive batches of at most `size`, in their order; none for no items. */
export function batches<T>(items: Iterable<T>, size = BATCH_SIZE): T[][] {
  if (!Number.isInteger(size) || size < 1) throw new RangeError(`batch size must be a positive integer, not ${size}`)
  const all = Array.isArray(items) ? (items as T[]) : [...items]
  const out: T[][] = []
  for (let start = 0; start < all.length; start += size) out.push(all.slice(start, start + size))
  return out
}

const PLACEHOLDER = '\u0000item-id'

/**
 * A per-item statement compiled once and run with each item's id in place of a placeholder:
 * building and compiling a Kysely query costs several times more than running it on SQLite, and a
 * bulk action over 1,000 items must stay well under a second.
 */
export function prepared<R>(build: (id: string) => Compilable<R>) {
  const compiled = build(PLACEHOLDER).compile()
  return (executor: Kysely<Database>, id: string) =>
    executor.executeQuery<R>({ ...compiled, parameters: compiled.parameters.map((p) => (p === PLACEHOLDER ? id : p)) })
}
