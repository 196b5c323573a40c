/**
 * What the wizard's list steps show and post: the roles (step 2) and the tasks of one role
 * (step 3) as typed, before they are valid. `key` is the saved id, or `new-…` for an item not
 * saved yet (the React key, and the item's anchor). Browser-safe.
 */
export interface RoleDraft {
  key: string
  name: string
  description: string
}

export interface TaskDraft {
  key: string
  title: string
  instructions: string
  kind: string
  dayOffset: string
}

export const isNewKey = (key: string) => key.startsWith('new-')
export const idOfKey = (key: string) => (isNewKey(key) ? undefined : key)

const str = (v: unknown) => (typeof v === 'string' ? v : '')

/** The rows of a posted list field (`roles[0].name` …, read by conform into an array of objects). */
export function rowsOf(value: unknown): Record<string, unknown>[] {
  return Array.isArray(value) ? value.map((row) => (row && typeof row === 'object' ? (row as Record<string, unknown>) : {})) : []
}

export const roleDraftOf = (row: Record<string, unknown>, newKey: () => string): RoleDraft => ({
  key: str(row.key) || newKey(),
  name: str(row.name),
  description: str(row.description),
})

export const taskDraftOf = (row: Record<string, unknown>, newKey: () => string): TaskDraft => ({
  key: str(row.key) || newKey(),
  title: str(row.title),
  instructions: str(row.instructions),
  kind: str(row.kind) || 'task',
  dayOffset: str(row.dayOffset),
})
