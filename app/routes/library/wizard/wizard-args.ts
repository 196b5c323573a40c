import type { Ctx } from '~/services/context.server'

/** Which wizard: new (two steps, `?pid=` once the draft exists) or edit (four steps, `:pid`). */
export type WizardMode = 'new' | 'edit'

export const STEP_COUNT: Record<WizardMode, number> = { new: 2, edit: 4 }
export const STEP_LABELS = [
  'library.wizard.step.basic',
  'library.wizard.step.roles',
  'library.wizard.step.entities',
  'library.wizard.step.sharing',
]

/** The address of a step of the same wizard. */
export function stepHref(mode: WizardMode, step: number, pid: string | null, extra?: string) {
  const base = mode === 'new' ? `/library/packages/new/${step}` : `/library/packages/edit/${step}/${encodeURIComponent(pid ?? '')}`
  const params = new URLSearchParams()
  if (mode === 'new' && pid) params.set('pid', pid)
  if (extra) for (const [k, v] of new URLSearchParams(extra)) params.set(k, v)
  const qs = params.toString()
  return qs ? `${base}?${qs}` : base
}

/** What a step's handler gets. */
export interface WizardArgs {
  ctx: Ctx
  mode: WizardMode
  step: number
  /** The package, once the draft exists. */
  pid: string | null
  form: FormData
  /** The step's own address (search kept), for redirects back to it. */
  here: string
  request: Request
}
