import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { useActionData, useLoaderData, useLocation } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { requireUser } from '~/auth/guards.server'
import { routeCall } from '~/http/route-call.server'
import { ctxFor } from '~/services/context.server'
import { PACKAGE_LIMITS } from '~/services/library/packages.constants'
import { readForm, type FormLimits } from '~/utils/form-body.server'
import { handlerFor } from '~/utils/intent'
import { LIBRARY_SCREEN } from '../not-found.server'
import { STEP_INTENTS } from './intents.server'
import { SHARING_INTENTS } from './sharing-intents.server'
import { takeNewLink } from './new-link.server'
import { StepIndicator } from './step-indicator'
import { STEP_COUNT, STEP_LABELS, stepHref } from './wizard-args'
import { crumbOf, packageToEdit, sharingOf, wizardTarget } from './wizard-load.server'
import { UnsavedChangesGuard } from './unsaved-guard'
import { WIZARD_FORM_ID } from './wizard-nav'
import { WizardStepBody } from './wizard-step-body'

/**
 * The package wizards (spec section 2, "/library"): /library/packages/new/:step (two steps; the draft
 * exists from step 1 on and travels as ?pid=) and /library/packages/edit/:step/:pid (four
 * steps; step 3 one role at a time, ?role=; step 4 sharing). Owners and editors only; anyone
 * else gets 404. Everything works without JavaScript.
 */
export const handle = {
  breadcrumb: (data: unknown) => {
    const crumb = (data as { crumb?: string } | undefined)?.crumb
    return crumb ? { label: crumb } : null
  },
}

/** Step 3 may post every task of a role: six fields each, as many as a package may have. */
const WIZARD_FORM: FormLimits = { fields: 6 * PACKAGE_LIMITS.entities + 20 }

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context)
  const { mode, step, pid, url } = wizardTarget(request, params)
  const ctx = ctxFor(user, context)
  const tasksOf = step === 3 ? { role: url.searchParams.get('role') } : 'none'
  const view = pid ? await routeCall(() => packageToEdit(ctx, pid, tasksOf), { failure: 'library.loadError' }) : null
  const sharing = step === 4 && pid ? await routeCall(() => sharingOf(ctx, pid), { failure: 'library.loadError' }) : null
  const { newLink, clear } = step === 4 && pid ? await takeNewLink(request, pid) : { newLink: null, clear: null }
  const roleId = step === 3 ? (view?.roles.find((r) => r.tasksLoaded)?.id ?? null) : null
  const crumb = await crumbOf(request, user.locale, view?.package.name ?? null)
  // A new package is in its author's language until they choose another.
  const authorLanguage = user.locale === 'en' ? 'en' : 'sv'
  return data(
    { mode, step, pid, view, sharing, newLink, roleId, crumb, authorLanguage },
    clear ? { headers: { 'Set-Cookie': clear } } : undefined,
  )
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const user = await requireUser(request, context)
  const { mode, step, pid, url } = wizardTarget(request, params)
  const ctx = ctxFor(user, context)
  const form = await readForm(request, WIZARD_FORM)
  const handler = handlerFor<(args: Parameters<(typeof STEP_INTENTS)['basics']>[0]) => Promise<unknown>>(
    { ...STEP_INTENTS, ...SHARING_INTENTS },
    form,
  )
  if (!handler) return data({ error: 'errors.BAD_REQUEST' }, { status: 400 })
  const here = `${url.pathname}${url.search}`
  return routeCall(() => handler({ ctx, mode, step, pid, form, here, request }), {
    ...LIBRARY_SCREEN,
    toast: { to: here },
    failure: 'library.updateError',
  })
}

export { RouteErrorBoundary as ErrorBoundary } from '~/ui/route-error-boundary'

/** Whether the server sent the step's form back as typed (refused, or a list edit): not saved. A question about finishing comes after a save. */
const sentBack = (answer: unknown) => answer !== undefined && (answer as { intent?: string }).intent !== 'finish-empty'

export default function PackageWizard() {
  const { t } = useTranslation()
  const loaded = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  const location = useLocation()
  const { mode, step, pid, view } = loaded
  const steps = STEP_LABELS.slice(0, STEP_COUNT[mode]).map((label, i) => ({
    number: i + 1,
    label,
    href: pid ? stepHref(mode, i + 1, pid) : i === 0 ? stepHref(mode, 1, null) : null,
  }))
  return (
    <div className="flex flex-col gap-2">
      <h1 className="text-2xl font-bold">
        {view ? t('library.wizard.editTitle', { name: view.package.name }) : t('library.wizard.newTitle')}
      </h1>
      {mode === 'new' ? <p className="mb-2 text-sm text-slate-600">{t('library.wizard.notDraftHint')}</p> : null}
      <StepIndicator steps={steps} current={step} formId={step < 4 && (step !== 3 || loaded.roleId) ? WIZARD_FORM_ID : undefined} />
      <h2 id="wizard-step-title" className="mb-2 text-xl font-semibold">
        {t('library.wizard.stepOf', { step, total: steps.length })}: {t(STEP_LABELS[step - 1])}
      </h2>
      <WizardStepBody loaded={loaded} actionData={actionData} />
      {step < 4 ? <UnsavedChangesGuard key={location.key} formId={WIZARD_FORM_ID} sentBack={sentBack(actionData)} /> : null}
    </div>
  )
}
