import { useNavigation } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { Button } from '~/ui/button'

/** The id of a step's form (steps 1–3): the step indicator's and the role tabs' buttons submit it from outside. */
export const WIZARD_FORM_ID = 'wizard-step-form'

/**
 * The first submit button of a step's form, so that Enter in a field saves (the browser presses
 * a form's first submit button) rather than moving or removing an item. Out of sight and out of
 * the tab order: the visible buttons below do the same.
 */
export function DefaultSave() {
  return (
    <button type="submit" name="op" value="save" tabIndex={-1} aria-hidden className="sr-only">
      save
    </button>
  )
}

/** Back / Save / Next (or Finish) at the foot of a step: each saves what was entered first. */
export function WizardNav({ back, nextLabel }: { back: boolean; nextLabel: 'next' | 'finish' }) {
  const { t } = useTranslation()
  const navigation = useNavigation()
  const op = navigation.state === 'submitting' ? navigation.formData?.get('op') : null
  return (
    <div className="mt-6 flex flex-wrap items-center justify-between gap-3 border-t border-slate-200 pt-4">
      <div>
        {back ? (
          <Button type="submit" formNoValidate name="op" value="back" variant="secondary" pending={op === 'back'}>
            {t('library.wizard.back')}
          </Button>
        ) : null}
      </div>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" name="op" value="save" variant="secondary" pending={op === 'save'}>
          {t('library.wizard.save')}
        </Button>
        <Button type="submit" name="op" value="next" pending={op === 'next'}>
          {t(`library.wizard.${nextLabel}`)}
        </Button>
      </div>
    </div>
  )
}
