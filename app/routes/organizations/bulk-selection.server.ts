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

/** A confirmation step's data: what ConfirmPanel posts back (the ids, or the scope and its count). */
export interface BulkConfirmation {
  ids: string[]
  scope?: BulkSelectionInput['scope']
  count: number
}
export const confirmationOf = ({ ids, scope, count }: BulkSelection): BulkConfirmation => ({ ids: scope ? [] : ids, scope, count })
