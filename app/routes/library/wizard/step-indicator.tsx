import { useTranslation } from 'react-i18next'
import { AppLink } from '~/ui/app-link'
import { opValue } from './list-ops'

export interface WizardStep {
  /** 1-based. */
  number: number
  /** The message key of its name. */
  label: string
  /** Where the step is, or null while it cannot be reached yet (a new package before step 1 is saved). */
  href: string | null
}

/**
 * Where the user is in the wizard: an ordered list of the steps, the current one marked with
 * aria-current="step". On a step with a form (`formId`), the steps that can be reached are submit
 * buttons of that form (`op=step:<n>`), so what was typed is saved on the way, with and without
 * JavaScript; elsewhere they are links.
 */
export function StepIndicator({ steps, current, formId }: { steps: WizardStep[]; current: number; formId?: string }) {
  const { t } = useTranslation()
  return (
    <nav aria-label={t('library.wizard.steps')} className="mb-6">
      <p className="sr-only">{t('library.wizard.stepOf', { step: current, total: steps.length })}</p>
      <ol className="flex flex-wrap gap-2 text-sm">
        {steps.map((step) => {
          const here = step.number === current
          const done = step.number < current
          const circle = `inline-flex size-7 shrink-0 items-center justify-center rounded-full text-sm font-semibold ${
            here ? 'bg-brand-600 text-white' : done ? 'bg-brand-100 text-brand-800' : 'bg-slate-200 text-slate-700'
          }`
          // The step's name is its item's own text, the line before it the item's ::before (docs/testing.md "Benchmark": few elements).
          const body = (
            <>
              <span className={circle} aria-hidden>
                {step.number}
              </span>
              {t(step.label)}
            </>
          )
          const text = here ? 'font-semibold text-slate-900' : 'text-slate-700'
          return (
            <li
              key={step.number}
              className={`flex items-center gap-2 ${
                step.number > 1 ? "before:hidden sm:before:block before:h-px before:w-6 before:bg-slate-300 before:content-['']" : ''
              }`}
            >
              {here || !step.href ? (
                <span className={`flex items-center gap-2 ${text}`} aria-current={here ? 'step' : undefined}>
                  {body}
                </span>
              ) : formId ? (
                <button
                  type="submit"
                  form={formId}
                  formNoValidate
                  name="op"
                  value={opValue.step(step.number)}
                  className={`flex items-center gap-2 rounded-md hover:underline ${text}`}
                >
                  {body}
                </button>
              ) : (
                <AppLink to={step.href} className={`flex items-center gap-2 rounded-md hover:underline ${text}`}>
                  {body}
                </AppLink>
              )}
            </li>
          )
        })}
      </ol>
    </nav>
  )
}
