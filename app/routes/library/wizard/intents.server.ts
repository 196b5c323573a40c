import { parseWithZod } from '@conform-to/zod'
import { data } from '@remix-run/node'
import { randomUUID } from 'node:crypto'
import { z } from 'zod'
import { DomainError } from '~/errors'
import { createDraft, publishPackage, saveBasics, saveEntities, saveRoles } from '~/services/library/packages.server'
import { getPackageForEdit } from '~/services/library/package-view.server'
import { PackageBasicsSchema, parseTagText, SaveEntitiesSchema, SaveRolesSchema } from '~/services/library/packages.schemas'
import type { Saved } from '~/services/library/types'
import { redirectWithToast } from '~/http/toast.server'
import { libraryPaths } from '../paths'
import type { BasicsDraft } from './basic-step'
import { idOfKey, isNewKey, roleDraftOf, rowsOf, taskDraftOf, type RoleDraft, type TaskDraft } from './drafts'
import { fieldErrorsOf } from './form-errors'
import { applyListOp, isLeaving, isListEdit, readListOp, type ListOp } from './list-ops'
import { STEP_COUNT, stepHref, type WizardArgs } from './wizard-args'

/**
 * The wizard's step forms (spec section 2, "/library": packages/new and packages/edit), one handler each. Every button of a step posts
 * the whole form with an `op` (list-ops.ts): list edits (add, remove, move) come back as the
 * edited list, not saved yet; save, next and back validate and save, then go where the button
 * says. A save against a version someone else has saved since is answered with the form as
 * typed and `conflict`, never saved over theirs.
 */
export type WizardActionData =
  | { intent: 'basics'; values: BasicsDraft; errors: Record<string, string[]>; conflict?: boolean }
  | { intent: 'roles'; roles: RoleDraft[]; errors: Record<string, string[]>; conflict?: boolean }
  | { intent: 'entities'; roleId: string; tasks: TaskDraft[]; errors: Record<string, string[]>; conflict?: boolean }
  /** `version`: the package's version after what was just saved, for the panel's form (its loader data may still be reloading). */
  | { intent: 'finish-empty'; version?: number }

const reply = (body: WizardActionData, status = 200) => data(body, { status })
const newKey = () => `new-${randomUUID()}`
const str = (v: FormDataEntryValue | null) => (typeof v === 'string' ? v : '')

/** The form's fields as conform reads them (`roles[0].name` → { roles: [{ name }] }). */
const payloadOf = (form: FormData) => parseWithZod(form, { schema: z.any() }).payload as Record<string, unknown>

const isConflict = (error: unknown) => error instanceof DomainError && error.code === 'PACKAGE_VERSION_CONFLICT'

/** A catalogue error of a save shown above the form (its message key) rather than as a toast. */
const FORM_ERRORS = new Set(['PACKAGE_LIMIT_EXCEEDED', 'PACKAGE_NO_ROLES', 'PACKAGE_ROLE_NOT_FOUND'])

/** Runs a save: a conflict or a form-level catalogue error is answered with the form as typed. */
async function saving<A, B>(
  call: () => Promise<A>,
  again: (extra: { conflict?: boolean; errors?: Record<string, string[]> }, status: number) => B,
): Promise<A | B> {
  try {
    return await call()
  } catch (error) {
    if (isConflict(error)) return again({ conflict: true }, 409)
    if (error instanceof DomainError && FORM_ERRORS.has(error.code))
      return again({ errors: { '': [`errors.${error.code}`] } }, error.status)
    throw error
  }
}

/** After a new package's last step, or leaving step 3 of a draft: publish it (it becomes visible to the people it is shared with). */
async function finish(args: WizardArgs, saved: Saved) {
  const published = await publishPackage(args.ctx, saved)
  const { package: pkg } = await getPackageForEdit(args.ctx, published.packageId, 'none')
  return pkg
}

/** Step 1: basic details. Without a package yet, creates the draft. */
async function basics(args: WizardArgs) {
  const { ctx, mode, pid, form } = args
  const op = readListOp(form.get('op'))
  const values: BasicsDraft = {
    name: str(form.get('name')),
    description: str(form.get('description')),
    language: str(form.get('language')),
    tags: str(form.get('tags')),
  }
  const parsed = PackageBasicsSchema.safeParse({ ...values, tags: parseTagText(values.tags) })
  if (!parsed.success)
    return reply({ intent: 'basics', values, errors: fieldErrorsOf(parsed.error, (p) => (p[0] === 'tags' ? ['tags'] : p)) }, 400)
  const again = (extra: object, status: number) => reply({ intent: 'basics', values, errors: {}, ...extra }, status)
  return saving(async () => {
    if (!pid) {
      const saved = await createDraft(ctx, parsed.data)
      const to = op.kind === 'next' ? stepHref(mode, 2, saved.packageId) : stepHref(mode, 1, saved.packageId)
      return redirectWithToast(to, { key: 'library.wizard.toast.created', values: { name: parsed.data.name } })
    }
    await saveBasics(ctx, { ...parsed.data, packageId: pid, version: Number(str(form.get('version'))) })
    return go({ ...args, step: 1 }, op, { name: parsed.data.name })
  }, again)
}

/** Step 2: the roles, the whole list in order. */
async function roles(args: WizardArgs) {
  const { ctx, pid, form } = args
  if (!pid) throw new DomainError('PACKAGE_NOT_FOUND')
  const op = readListOp(form.get('op'))
  const typed = rowsOf(payloadOf(form).roles).map((row) => roleDraftOf(row, newKey))
  if (isListEdit(op))
    return reply({
      intent: 'roles',
      roles: applyListOp(typed, 'roles', op, () => ({ key: newKey(), name: '', description: '' })),
      errors: {},
    })
  const input = {
    packageId: pid,
    version: str(form.get('version')),
    roles: typed.map((r) => ({ id: idOfKey(r.key), name: r.name, description: r.description })),
  }
  const parsed = SaveRolesSchema.safeParse(input)
  if (!parsed.success) return reply({ intent: 'roles', roles: typed, errors: fieldErrorsOf(parsed.error) }, 400)
  const again = (extra: object, status: number) => reply({ intent: 'roles', roles: typed, errors: {}, ...extra }, status)
  return saving(async () => go({ ...args, step: 2 }, op, { saved: await saveRoles(ctx, parsed.data) }), again)
}

/** Step 3: the tasks of one role (`roleId`), in order. */
async function entities(args: WizardArgs) {
  const { ctx, pid, form } = args
  if (!pid) throw new DomainError('PACKAGE_NOT_FOUND')
  const op = readListOp(form.get('op'))
  const roleId = str(form.get('roleId'))
  const posted = rowsOf(payloadOf(form).tasks).map((row) => taskDraftOf(row, newKey))
  // Leaving the role (a tab, a step, back, next) saves what was typed; a new row left empty is dropped, not refused.
  const typed = isLeaving(op)
    ? posted.filter((task) => !(isNewKey(task.key) && !task.title.trim() && !task.instructions.trim() && !task.dayOffset.trim()))
    : posted
  const blank = (): TaskDraft => ({ key: newKey(), title: '', instructions: '', kind: 'task', dayOffset: '' })
  if (isListEdit(op)) return reply({ intent: 'entities', roleId, tasks: applyListOp(typed, 'tasks', op, blank), errors: {} })
  const input = {
    packageId: pid,
    version: str(form.get('version')),
    roleId,
    entities: typed.map((task) => ({
      id: idOfKey(task.key),
      roleId,
      title: task.title,
      instructions: task.instructions,
      kind: task.kind,
      dayOffset: task.dayOffset,
    })),
  }
  const parsed = SaveEntitiesSchema.safeParse(input)
  const rename = (p: (string | number)[]) => (p[0] === 'entities' ? ['tasks', ...p.slice(1)] : p)
  if (!parsed.success) return reply({ intent: 'entities', roleId, tasks: typed, errors: fieldErrorsOf(parsed.error, rename) }, 400)
  const again = (extra: object, status: number) => reply({ intent: 'entities', roleId, tasks: typed, errors: {}, ...extra }, status)
  return saving(async () => go({ ...args, step: 3 }, op, { saved: await saveEntities(ctx, parsed.data), roleId }), again)
}

/**
 * Where a saved step goes (the step of the form posted, whatever the URL): back and next to the neighbouring step (step 3: role by role), save
 * to the same step. Finishing the new wizard (next on step 2) and leaving step 3 of a draft
 * publish the package; the new wizard ends on the package's page.
 */
async function go(args: WizardArgs, op: ListOp, after: { saved?: Saved; name?: string; roleId?: string }) {
  const { mode, step, pid, here } = args
  const packageId = pid!
  if (op.kind === 'role') return redirectWithToast(stepHref(mode, 3, packageId, `role=${op.roleId}`), { key: 'library.wizard.toast.saved' })
  if (op.kind === 'step')
    return redirectWithToast(stepHref(mode, Math.min(op.step, STEP_COUNT[mode]), packageId), { key: 'library.wizard.toast.saved' })
  if (op.kind === 'back' || op.kind === 'next') {
    if (step === 3 && after.roleId) {
      const view = await getPackageForEdit(args.ctx, packageId, 'none')
      const index = view.roles.findIndex((r) => r.id === after.roleId)
      const neighbour = view.roles[index + (op.kind === 'next' ? 1 : -1)]
      if (index >= 0 && neighbour)
        return redirectWithToast(stepHref(mode, 3, packageId, `role=${neighbour.id}`), { key: 'library.wizard.toast.saved' })
    }
    const lastStep = mode === 'new' ? 2 : 3
    if (op.kind === 'next' && step === lastStep && after.saved) {
      const view = await getPackageForEdit(args.ctx, packageId, 'none')
      if (view.package.status === 'draft') {
        // A package without a single task is finished only once the user has said so (finishEmpty).
        if (taskCountOf(view) === 0) return reply({ intent: 'finish-empty', version: view.package.version })
        const pkg = await finish(args, after.saved)
        if (mode === 'new')
          return redirectWithToast(libraryPaths.view(pkg.id), { key: 'library.wizard.toast.finished', values: { name: pkg.name } })
      }
    }
    const target = op.kind === 'next' ? step + 1 : step - 1
    if (mode === 'new' && target > 2) return redirectWithToast(libraryPaths.view(packageId), { key: 'library.wizard.toast.saved' })
    const lastRole =
      op.kind === 'back' && target === 3 ? (await getPackageForEdit(args.ctx, packageId, 'none')).roles.at(-1)?.id : undefined
    return redirectWithToast(stepHref(mode, Math.max(1, target), packageId, lastRole ? `role=${lastRole}` : undefined), {
      key: 'library.wizard.toast.saved',
    })
  }
  return redirectWithToast(here, { key: 'library.wizard.toast.saved' })
}

const taskCountOf = (view: { roles: { taskCount: number }[] }) => view.roles.reduce((n, r) => n + r.taskCount, 0)

/**
 * The confirmation of finishing a package that has no tasks (FinishEmptyPanel, with and without
 * JavaScript): `confirmed=1` publishes the draft as it is; the new wizard then opens the
 * package, the edit wizard goes on to sharing.
 */
async function finishEmpty(args: WizardArgs) {
  const { mode, pid, form } = args
  if (!pid) throw new DomainError('PACKAGE_NOT_FOUND')
  if (form.get('confirmed') !== '1') return reply({ intent: 'finish-empty' })
  const pkg = await finish(args, { packageId: pid, version: Number(str(form.get('version'))) })
  if (mode === 'new')
    return redirectWithToast(libraryPaths.view(pkg.id), { key: 'library.wizard.toast.finished', values: { name: pkg.name } })
  return redirectWithToast(stepHref(mode, 4, pid), { key: 'library.wizard.toast.finished', values: { name: pkg.name } })
}

export const STEP_INTENTS = { basics, roles, entities, 'finish-empty': finishEmpty }
