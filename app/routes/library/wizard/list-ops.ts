/**
 * The editing buttons of the wizard's ordered lists (roles; the tasks of each role) work without
 * JavaScript: each is a submit button named `op` whose value says what to do, and the step's
 * handler applies it to the lists as posted (so what was typed is kept) before saving:
 *   add:<list>              a new empty item at the end
 *   remove:<list>:<i>       drop item i
 *   move:<list>:<from>:<to> move an item (up/down buttons, and drag and drop with JavaScript)
 *   save | next | back      no change to the lists
 *   role:<roleId>           step 3's role tabs: save, then the tasks of that role
 *   step:<n>                the step indicator: save, then step n
 * `<list>` is a name of the step's choosing ("roles", or a role's key for its tasks).
 */
export type ListOp =
  | { kind: 'add'; list: string }
  | { kind: 'remove'; list: string; index: number }
  | { kind: 'move'; list: string; from: number; to: number }
  | { kind: 'save' }
  | { kind: 'next' }
  | { kind: 'back' }
  | { kind: 'role'; roleId: string }
  | { kind: 'step'; step: number }

const nat = (s: string | undefined) => (s !== undefined && /^\d{1,4}$/.test(s) ? Number(s) : null)

/** The op of a posted form, `save` when missing (Enter in a field) or not understood. */
export function readListOp(value: FormDataEntryValue | null): ListOp {
  if (value === 'next' || value === 'back' || value === 'save') return { kind: value }
  if (typeof value !== 'string') return { kind: 'save' }
  const [kind, list, a, b] = value.split(':')
  if (!list) return { kind: 'save' }
  if (kind === 'add') return { kind, list }
  if (kind === 'role' && value.length <= 100) return { kind, roleId: value.slice('role:'.length) }
  const step = nat(list)
  if (kind === 'step' && step !== null && step >= 1) return { kind, step }
  const index = nat(a)
  if (kind === 'remove' && index !== null) return { kind, list, index }
  const to = nat(b)
  if (kind === 'move' && index !== null && to !== null) return { kind, list, from: index, to }
  return { kind: 'save' }
}

export const opValue = {
  add: (list: string) => `add:${list}`,
  remove: (list: string, index: number) => `remove:${list}:${index}`,
  move: (list: string, from: number, to: number) => `move:${list}:${from}:${to}`,
  role: (roleId: string) => `role:${roleId}`,
  step: (step: number) => `step:${step}`,
}

/** Whether the op leaves the step's form for another role or step (a row left blank there is dropped rather than refused). */
export const isLeaving = (op: ListOp) => op.kind === 'role' || op.kind === 'step' || op.kind === 'back' || op.kind === 'next'

/** The list after the op (a new array; the same items when the op is for another list or out of range). */
export function applyListOp<T>(items: T[], list: string, op: ListOp, blank: () => T): T[] {
  if (!('list' in op) || op.list !== list) return items
  if (op.kind === 'add') return [...items, blank()]
  if (op.kind === 'remove') return items.filter((_, i) => i !== op.index)
  const { from, to } = op
  if (from >= items.length || to >= items.length || from === to) return items
  const next = [...items]
  const [moved] = next.splice(from, 1)
  next.splice(to, 0, moved)
  return next
}

/** Whether the op only edits a list (the user stays on the step). */
export const isListEdit = (op: ListOp) => op.kind === 'add' || op.kind === 'remove' || op.kind === 'move'
