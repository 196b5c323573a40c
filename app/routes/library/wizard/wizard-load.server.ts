import { redirect } from '@remix-run/node'
import { DomainError } from '~/errors'
import { routeCall } from '~/http/route-call.server'
import { tFor, detectLocale } from '~/i18n/i18n.server'
import type { Ctx } from '~/services/context.server'
import { getPackageForEdit } from '~/services/library/package-view.server'
import { packageSharing } from '~/services/library/sharing.server'
import type { TasksOf } from '~/services/library/types'
import { LIBRARY_SCREEN } from '../not-found.server'
import { STEP_COUNT, stepHref, type WizardMode } from './wizard-args'

const notFound = () => new Response('Not found', { status: 404 })

/**
 * Which wizard, step and package a request is for: the route id says new or edit; a step that
 * does not exist is 404; the new wizard's step 2 without its draft starts again at step 1.
 */
export function wizardTarget(request: Request, params: { step?: string; pid?: string }) {
  const mode: WizardMode = params.pid === undefined ? 'new' : 'edit'
  const step = /^[1-4]$/.test(params.step ?? '') ? Number(params.step) : 0
  if (step < 1 || step > STEP_COUNT[mode]) throw notFound()
  const url = new URL(request.url)
  const pid = mode === 'edit' ? params.pid! : url.searchParams.get('pid') || null
  if (mode === 'new' && step > 1 && !pid) throw redirect(stepHref('new', 1, null))
  return { mode, step, pid, url }
}

/**
 * The package to edit, with the tasks of step 3's role only (`?role=`, else the first role's; no
 * other step shows tasks): anyone who may not edit it gets 404 (a viewer's 403 would say no more
 * than the view).
 */
export async function packageToEdit(ctx: Ctx, pid: string, tasksOf: TasksOf) {
  try {
    return await routeCall(() => getPackageForEdit(ctx, pid, tasksOf), LIBRARY_SCREEN)
  } catch (error) {
    if (error instanceof DomainError && error.code === 'PACKAGE_ACCESS_DENIED') throw new Response('Forbidden', { status: 403 })
    throw error
  }
}

export const sharingOf = (ctx: Ctx, pid: string) => routeCall(() => packageSharing(ctx, pid), LIBRARY_SCREEN)

/** The breadcrumb of the wizard: "New package" or "Edit “name”", in the user's language. */
export async function crumbOf(request: Request, locale: string | null | undefined, name: string | null) {
  const t = tFor(await detectLocale(request, locale))
  return name ? t('library.wizard.editTitle', { name }) : t('library.wizard.newTitle')
}
