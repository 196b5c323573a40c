import { useTranslation } from 'react-i18next'
import { FieldErrors } from '../field'

/** The five faces of the emotional value, 1 (worst) to 5 (best); decoration only: the label says it. */
const FACES = ['😞', '🙁', '😐', '🙂', '😄'] as const
const STEPS = [1, 2, 3, 4, 5] as const

/**
 * The emotional value as a five-step scale of faces: real radio buttons in a fieldset with a
 * legend, each with its text label, so it works without JavaScript and a screen reader reads the
 * labels; the arrow keys move along it as in any radio group.
 */
export function EmotionScale({ name, defaultValue, errors, id }: { name: string; defaultValue?: number; errors?: string[]; id: string }) {
  const { t } = useTranslation()
  const errorId = `${id}-error`
  return (
    <fieldset aria-describedby={errors?.length ? errorId : undefined}>
      <legend className="mb-2 block text-sm font-medium text-slate-800">{t('loops.emotion.legend')}</legend>
      <div className="grid grid-cols-5 gap-1 sm:gap-2">
        {STEPS.map((step) => (
          <label key={step} className="block cursor-pointer">
            <input
              type="radio"
              name={name}
              value={step}
              defaultChecked={defaultValue === step}
              className="peer sr-only"
              data-emotion={step}
            />
            <span className="flex min-h-20 flex-col items-center justify-start gap-1 rounded-md border border-slate-300 bg-white px-1 py-2 text-center text-xs leading-tight text-slate-800 peer-checked:border-brand-600 peer-checked:bg-brand-50 peer-checked:font-semibold peer-checked:ring-2 peer-checked:ring-brand-600 peer-focus-visible:outline peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-600">
              <span aria-hidden="true" className="text-2xl leading-none">
                {FACES[step - 1]}
              </span>
              {t(`loops.emotion.steps.${step}`)}
            </span>
          </label>
        ))}
      </div>
      <FieldErrors id={errorId} errors={errors} />
    </fieldset>
  )
}

/** A loop's emotional value as its face and label ("Feeling: Good"). */
export function EmotionBadge({ value }: { value: number }) {
  const { t } = useTranslation()
  const step = Math.min(5, Math.max(1, Math.round(value)))
  return (
    <span className="inline-flex items-center gap-1 rounded-full bg-slate-100 px-2 py-0.5 text-sm text-slate-800">
      <span aria-hidden="true">{FACES[step - 1]}</span>
      {t('loops.emotion.shown', { label: t(`loops.emotion.steps.${step}`) })}
    </span>
  )
}
