import type { BulkSelectionInput } from '~/services/bulk.schemas'

/**
 * What a bulk form acts on, shared by the members, groups and group creators screens: the checked
 * rows, or with `scope=matching` every item the list's search and filters match now.
 */
export interface BulkSelection {
  ids: string[]
  scope?: BulkSelectionInput['scope']
  count: number
  /**
   * confirmed=1 was posted, and for "all N matching" N is still what the person confirmed: if
   * the matching items changed meanwhile, the new count is confirmed again.
   */
  confirmed: boolean
}

export async function resolveSelection(input: BulkSelectionInput, matching: () => Promise<string[]>): Promise<BulkSelection> {
  const ids = input.scope ? await matching() : input.ids
  const confirmed = input.confirmed === '1' && (!input.scope || input.expected === ids.length)
  return { ids, scope: input.scope, count: ids.length, confirmed }
}

/** Items a confirmation step names before "and N more". */
export const CONFIRM_NAMES = 10

/**
 * A confirmation step's data: what ConfirmPanel posts back (the ids, or the scope and its count),
 * and the first CONFIRM_NAMES items it will change by name (`names`: by id, read by the caller
 * for `selection.ids.slice(0, CONFIRM_NAMES)`).
 */
export interface BulkConfirmation {
  ids: string[]
  scope?: BulkSelectionInput['scope']
  count: number
  named: { id: string; name: string }[]
}
export const confirmationOf = ({ ids, scope, count }: BulkSelection, names: ReadonlyMap<string, string>): BulkConfirmation => ({
  ids: scope ? [] : ids,
  scope,
  count,
  named: ids.slice(0, CONFIRM_NAMES).map((id) => ({ id, name: names.get(id) ?? '' })),
})
